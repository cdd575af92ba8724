/**
 * `npm start` / `npm run serve`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), applies
 * migrations, seeds demo data on first run, and serves the API and the built console on one port
 * (and Prometheus metrics on METRICS_PORT when set).
 *
 * What it prints for a person starting it (the steps, the URL, the demo sign-ins) is plain text on
 * the console; once it serves, each request and each unexpected error is a JSON line (LOG_LEVEL,
 * server/observability/logger.ts), and so are the shutdown's steps, for the log collector.
 *
 * SIGTERM (or SIGINT) shuts down gracefully: readiness answers 503 from then on, the listener stops
 * accepting connections and closes idle ones, requests in flight get SHUTDOWN_TIMEOUT_MS to finish
 * (then their connections are cut), the database is closed (PGlite flushes) and the process exits 0.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeAccess } from '@contract/access-summary';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadSigningKeys } from './auth/keys';
import { preparePasswordChecks } from './auth/passwords';
import { listenForRevocations } from './auth/revocation-listener';
import { createRevocationList, scheduleRevocationRefresh } from './auth/revocations';
import { createTokenService } from './auth/tokens';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { scheduleGramFold, scheduleMaintenance } from './db/maintenance';
import { migrateDatabase } from './db/migrate';
import { DEMO_USER_LIST } from './db/seed/demo-users';
import { isSeeded, seedDatabase } from './db/seed/seed';
import { DEFAULT_SEED_TRANSACTIONS, transactionSeedStep } from './db/seed/transactions';
import { clientAddressResolver } from './http/client-address';
import { createLogger } from './observability/logger';
import { collectProcessMetrics, observeDatabasePool } from './observability/metrics';
import { type MetricsServer, serveMetrics } from './observability/metrics-server';
import { createLiveEventHub, listenOnPglite, listenOnPostgres } from './services/live-events';

/** How soon a sign-out made through another process of the deployment is refused here too. */
const REVOCATION_REFRESH_MS = 5000;

async function main() {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${join(config.dataDir, 'pgdata')}`;
  console.log(`Opening the database: ${where}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Until the server listens, a signal closes the database cleanly (PGlite must flush its files;
  // an interrupted seed is one transaction, so it simply rolls back).
  const stopBeforeListening = (signal: string) => {
    console.log(`\n${signal} during start-up: closing the database...`);
    void database.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', stopBeforeListening);
  process.once('SIGTERM', stopBeforeListening);
  try {
    // Under the migration lock: of several processes starting at once, one seeds (db/migrate.ts).
    await migrateDatabase(database, async (db) => {
      if (await isSeeded(db)) return;
      console.log(
        `First run: seeding ${config.seedMerchants} merchants${config.demoUsers ? ' and the demo users' : ''}...`,
      );
      const { counts, milliseconds } = await seedDatabase(db, {
        users: config.demoUsers,
        merchants: config.seedMerchants,
        now: new Date(),
        steps: [transactionSeedStep(DEFAULT_SEED_TRANSACTIONS)],
      });
      console.log(`Seeded in ${milliseconds} ms: ${JSON.stringify(counts)}`);
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const keys = await loadSigningKeys({
    privateKeyPem: config.jwtPrivateKey,
    publicKeyPem: config.jwtPublicKey,
    dataDir: config.dataDir,
  });
  const tokens = await createTokenService({ keys });
  await preparePasswordChecks();

  if (!existsSync(join(config.staticDir, 'index.html'))) {
    console.warn(
      `\nWARNING: ${join(config.staticDir, 'index.html')} is missing, so only the API is served.\n` +
        'Build the console with `npm run build` (`npm start` does this for you).\n',
    );
  }

  // Sign-outs: those of earlier runs are read before the first request; other processes' every 5 s,
  // and on PostgreSQL at once, as each is announced (server/auth/revocation-listener.ts).
  const revocations = createRevocationList(database.db);
  await revocations.ready;
  const stopRevocationRefresh = scheduleRevocationRefresh(revocations, database.db, REVOCATION_REFRESH_MS);
  const revocationListener = config.databaseUrl
    ? listenForRevocations({ connectionString: config.databaseUrl, list: revocations })
    : undefined;
  // Live events (decision 035): on PostgreSQL a LISTEN connection of its own hears every process's
  // changes; PGlite's NOTIFY reaches this process through the database handle itself.
  const liveEvents = createLiveEventHub();
  const liveEventListener = config.databaseUrl
    ? listenOnPostgres({ connectionString: config.databaseUrl, hub: liveEvents })
    : listenOnPglite(database.db, liveEvents);

  const logger = createLogger({ level: config.logLevel });
  let stopping = false;
  const metricsOn = config.metricsPort !== undefined;
  const app = createApp({
    db: database.db,
    databaseKind: database.kind,
    tokens,
    revocations,
    staticDir: config.staticDir,
    clientAddress: clientAddressResolver({ trustProxy: config.trustProxy }),
    logger,
    metrics: metricsOn,
    corsOrigins: config.corsOrigins,
    sso: config.sso,
    isShuttingDown: () => stopping,
    liveEvents,
  });

  let metricsServer: MetricsServer | undefined;
  if (config.metricsPort !== undefined) {
    observeDatabasePool(database);
    collectProcessMetrics();
    try {
      metricsServer = await serveMetrics({ port: config.metricsPort, host: config.metricsHost, logger });
    } catch (error) {
      console.error(`Metrics port ${config.metricsPort} could not be opened (METRICS_PORT):`, error);
      await database.close();
      process.exit(1);
    }
  }

  // Count folding and, on PGlite (no background workers), VACUUM: see server/db/maintenance.ts.
  const stopMaintenance =
    config.maintenanceIntervalSeconds > 0
      ? scheduleMaintenance(database, config.maintenanceIntervalSeconds * 1000)
      : () => {};
  // The journal search's gram sums (decision 067): postings leave their entries pending, folded here
  // in batches, each round at most a quarter of the interval (a backlog is folded over many rounds).
  const stopGramFold =
    config.gramFoldIntervalMs > 0
      ? scheduleGramFold(database, {
          intervalMs: config.gramFoldIntervalMs,
          budgetMs: Math.max(50, config.gramFoldIntervalMs / 4),
        })
      : () => {};

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`\nPayments back office is running at http://localhost:${info.port}`);
    console.log(`Database: ${database.kind}; data directory: ${config.dataDir}`);
    if (metricsServer) console.log(`Metrics: http://${config.metricsHost}:${metricsServer.port}/metrics`);
    if (config.demoUsers) {
      console.log('\nDemo sign-ins:');
      for (const user of DEMO_USER_LIST) {
        console.log(
          `  ${user.email.padEnd(22)} ${user.password.padEnd(13)} ${describeAccess(user.permissions)}`,
        );
      }
    } else {
      console.log(
        '\nDemo users are off (DEMO_USERS=off). Add an administrator: npm run admin:create -- --email … --name …',
      );
    }
    console.log('');
  });

  server.on('error', async (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use (set PORT).` : error);
    await database.close();
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, timeoutMs: config.shutdownTimeoutMs },
      'Shutting down: finishing requests in flight',
    );
    stopMaintenance();
    stopGramFold();
    stopRevocationRefresh();
    // Event streams never finish on their own: end them so the drain is not held to its bound.
    liveEvents.end();
    // Stop accepting, let in-flight requests finish, then close the database (PGlite flushes).
    const force = setTimeout(() => {
      logger.warn(
        { timeoutMs: config.shutdownTimeoutMs },
        'Requests did not finish within SHUTDOWN_TIMEOUT_MS; cutting their connections',
      );
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    // A keep-alive connection whose request finishes during the drain would otherwise stay open
    // (and hold the process) until the bound: close each as soon as it falls idle.
    const sweep = setInterval(() => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    }, 100);
    sweep.unref();
    server.close(async () => {
      clearTimeout(force);
      clearInterval(sweep);
      await metricsServer?.close();
      await revocationListener?.stop();
      await liveEventListener?.stop();
      await database.close();
      logger.info('Stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.off('SIGINT', stopBeforeListening);
  process.off('SIGTERM', stopBeforeListening);
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});

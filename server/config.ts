/**
 * Server settings from the environment, checked up front so a typo fails at start-up with a
 * message naming the variable, not later with a confusing error.
 *
 *   PORT             listening port (default 8080)
 *   HOST             interface to bind (default 0.0.0.0)
 *   DATABASE_URL     postgres://... to use a PostgreSQL server; unset or empty: embedded PGlite
 *   DATA_DIR         PGlite files (<DATA_DIR>/pgdata) and generated keys (<DATA_DIR>/keys);
 *                    default `.data` in the project root
 *   SEED_MERCHANTS   merchants seeded on first run (default DEFAULT_SEED_MERCHANTS)
 *   JWT_PRIVATE_KEY  PEM (EC P-256 or RSA); optional, generated and kept in DATA_DIR otherwise
 *   JWT_PUBLIC_KEY   PEM; optional, derived from the private key otherwise
 *   TRUST_PROXY      1/true when behind a reverse proxy that sets X-Forwarded-For (rate limit)
 *   STATIC_DIR       the built console (default `dist` in the project root)
 *   LOG_LEVEL        fatal|error|warn|info|debug|trace|silent (default info): one JSON line per
 *                    request and per unexpected error on stdout (server/observability/logger.ts);
 *                    the start-up lines (URL, demo sign-ins) stay plain text for people
 *   METRICS_PORT     serve Prometheus metrics at GET /metrics on this port (unset: no metrics are
 *                    served or recorded). A port of its own rather than a token on the public one,
 *                    so a scraper needs no secret and the API port never answers it; keep the port
 *                    off the public network (firewall, or METRICS_HOST)
 *   METRICS_HOST     interface for the metrics port (default: HOST)
 *   SHUTDOWN_TIMEOUT_MS  on SIGTERM/SIGINT, how long in-flight requests may take before their
 *                    connections are cut (default 10000); the process then closes the database
 *                    and exits 0
 *   DEMO_USERS       on (default) or off: off seeds a fresh database without the three demo users;
 *                    add the first administrator with `npm run admin:create` (decision 030)
 *   CORS_ORIGINS     comma-separated exact origins (https://console.example.com) allowed to call
 *                    /api/* from a browser when the console is served from another origin; unset:
 *                    same origin only, no CORS headers (server/http/cors.ts)
 *   SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET, SSO_ROLE_MAPPING  single sign-on with the
 *                    provider's OpenID provider (decision 032): all four, or none (off). The mapping
 *                    is JSON from the provider's role or group names to our role ids or names:
 *                    {"back-office-admin": "admin", "/finance": ["finance", "Auditors"]}
 *   SSO_ROLE_CLAIM   where the provider's roles are: `resource_access` (default: Keycloak's
 *                    resource_access.<SSO_CLIENT_ID>.roles) or a dotted claim path (`groups`,
 *                    `realm_access.roles`, `resource_access.other-client.roles`)
 *   SSO_LABEL        the sign-in button's "Sign in with <label>" (default "single sign-on")
 *   SSO_SCOPE        the scope asked for (default "openid email profile")
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSsoConfig, type SsoConfig } from './auth/sso-config';
import { DEFAULT_SEED_MERCHANTS } from './db/seed/seed';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedMerchants: number;
  jwtPrivateKey: string | undefined;
  jwtPublicKey: string | undefined;
  trustProxy: boolean;
  /** The built console. */
  staticDir: string;
  /** Seconds between database upkeep rounds (server/db/maintenance.ts); 0 turns them off. */
  maintenanceIntervalSeconds: number;
  /**
   * Milliseconds between folds of the journal search's pending gram rows into their sums
   * (server/db/maintenance.ts scheduleGramFold, decision 067); 0 turns them off.
   */
  gramFoldIntervalMs: number;
  logLevel: LogLevel;
  /** Undefined: metrics are neither recorded nor served. */
  metricsPort: number | undefined;
  metricsHost: string;
  shutdownTimeoutMs: number;
  /** Exact origins (scheme://host[:port]); empty: no cross-origin access. */
  corsOrigins: readonly string[];
  /** Whether a fresh database gets the demo users (DEMO_USERS, default on; decision 030). */
  demoUsers: boolean;
  /** Single sign-on (SSO_*; decision 032); undefined: off. */
  sso: SsoConfig | undefined;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

/** Empty strings count as unset (e2e passes DATABASE_URL=''). */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function boolean(env: Env, name: string): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be 1/true or 0/false (got "${raw}")`);
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name} must be on or off (got "${raw}")`);
}

function logLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL')?.toLowerCase();
  if (raw === undefined) return 'info';
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return level;
}

/**
 * Each must be an origin exactly as a browser sends it in `Origin`: no path, no trailing slash, no
 * wildcard (a `*` would let any site call the API with a token it got hold of).
 */
function origins(env: Env): string[] {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let origin: string | undefined;
      try {
        const url = new URL(entry);
        if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
      } catch {
        origin = undefined;
      }
      if (origin !== entry) {
        throw new ConfigError(
          `CORS_ORIGINS must list exact origins such as https://console.example.com, comma-separated (got "${entry}")`,
        );
      }
      return origin;
    });
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      'DATABASE_URL must start with postgres:// or postgresql:// (or be unset for PGlite)',
    );
  }
  const dataDirRaw = read(env, 'DATA_DIR') ?? '.data';
  const jwtPrivateKey = read(env, 'JWT_PRIVATE_KEY');
  const jwtPublicKey = read(env, 'JWT_PUBLIC_KEY');
  if (jwtPublicKey && !jwtPrivateKey) {
    throw new ConfigError('JWT_PUBLIC_KEY is set without JWT_PRIVATE_KEY; set both, or neither');
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: isAbsolute(dataDirRaw) ? dataDirRaw : resolve(PROJECT_ROOT, dataDirRaw),
    seedMerchants: integer(env, 'SEED_MERCHANTS', DEFAULT_SEED_MERCHANTS, 0, 10_000_000),
    jwtPrivateKey,
    jwtPublicKey,
    trustProxy: boolean(env, 'TRUST_PROXY'),
    staticDir: resolve(PROJECT_ROOT, read(env, 'STATIC_DIR') ?? 'dist'),
    maintenanceIntervalSeconds: integer(env, 'MAINTENANCE_INTERVAL_SECONDS', 300, 0, 86_400),
    gramFoldIntervalMs: integer(env, 'GRAM_FOLD_INTERVAL_MS', 2000, 0, 3_600_000),
    logLevel: logLevel(env),
    metricsPort:
      read(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 0, 65535),
    metricsHost: read(env, 'METRICS_HOST') ?? read(env, 'HOST') ?? '0.0.0.0',
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    corsOrigins: origins(env),
    demoUsers: onOff(env, 'DEMO_USERS', true),
    sso: readSsoConfig(
      (name) => read(env, name),
      (message) => new ConfigError(message),
    ),
  };
}

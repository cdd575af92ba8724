// Lives under server/http with the app tests so `vitest run server/http` covers the server process.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PROJECT_ROOT } from '../config';

describe('server configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: join(PROJECT_ROOT, '.data'),
      trustProxy: false,
      staticDir: join(PROJECT_ROOT, 'dist'),
    });
    expect(config.seedMerchants).toBeGreaterThan(0);
  });

  it('reads the environment; empty values count as unset', () => {
    const config = loadConfig({
      PORT: '8181',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: '/tmp/pbo',
      SEED_MERCHANTS: '500',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8181,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '/tmp/pbo',
      seedMerchants: 500,
      trustProxy: true,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
    expect(loadConfig({ DATA_DIR: 'tmp-data' }).dataDir).toBe(join(PROJECT_ROOT, 'tmp-data'));
  });

  it('fails with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be a whole number from 0 to 65535 (got "eighty")'),
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_MERCHANTS: '-1' })).toThrow(/SEED_MERCHANTS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ JWT_PUBLIC_KEY: 'x' })).toThrow(/JWT_PUBLIC_KEY/);
  });

  it('reads the operability settings: log level, metrics port, shutdown bound, CORS origins', () => {
    expect(loadConfig({})).toMatchObject({
      logLevel: 'info',
      metricsPort: undefined,
      metricsHost: '0.0.0.0',
      shutdownTimeoutMs: 10_000,
      corsOrigins: [],
    });
    expect(
      loadConfig({
        HOST: '127.0.0.1',
        LOG_LEVEL: 'WARN',
        METRICS_PORT: '9464',
        SHUTDOWN_TIMEOUT_MS: '2500',
        CORS_ORIGINS: 'https://console.example.com, http://localhost:5173',
      }),
    ).toMatchObject({
      logLevel: 'warn',
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      shutdownTimeoutMs: 2500,
      corsOrigins: ['https://console.example.com', 'http://localhost:5173'],
    });
    expect(loadConfig({ HOST: '127.0.0.1', METRICS_HOST: '10.0.0.2' }).metricsHost).toBe('10.0.0.2');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    for (const bad of [
      '*',
      'https://console.example.com/',
      'console.example.com',
      'https://Console.example.com',
      'ftp://x.example',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

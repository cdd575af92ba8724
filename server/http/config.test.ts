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
});

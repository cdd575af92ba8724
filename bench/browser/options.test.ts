import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL, parseBrowserOptions } from './options';

describe('bench:browser options', () => {
  it('defaults to the million-row PostgreSQL seed, 30 tries, port 8291', () => {
    expect(parseBrowserOptions([], {})).toEqual({
      db: 'postgres',
      serverUrl: DEFAULT_SERVER_URL,
      transactions: 1_000_000,
      merchants: 2000,
      tries: 30,
      port: 8291,
      drop: false,
      only: undefined,
    });
  });

  it('takes a smaller seed, PGlite and a row filter from the command line or the environment', () => {
    const parsed = parseBrowserOptions(
      ['--transactions', '20_000', '--db', 'pglite', '--only', 'merchants'],
      {
        BENCH_TRIES: '40',
        BENCH_DATABASE_URL: 'postgres://postgres@db:5432/postgres',
      },
    );
    expect(parsed).toMatchObject({
      db: 'pglite',
      transactions: 20_000,
      tries: 40,
      only: 'merchants',
      serverUrl: 'postgres://postgres@db:5432/postgres',
    });
  });

  it('refuses what it cannot use, naming the option', () => {
    expect(() => parseBrowserOptions(['--db', 'mysql'], {})).toThrow('--db');
    expect(() => parseBrowserOptions(['--tries', '0'], {})).toThrow('--tries');
    expect(() => parseBrowserOptions(['--transactions', '1.5'], {})).toThrow('--transactions');
    expect(() => parseBrowserOptions(['--port', '70000'], {})).toThrow('--port');
  });

  it('answers --help instead of running', () => {
    expect(parseBrowserOptions(['--help'], {})).toBe('help');
  });
});

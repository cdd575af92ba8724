import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } }),
  };
}

describe('the logger', () => {
  it('censors secrets an object carries, up to three levels down', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'pw-top',
        request: { authorization: 'Bearer tok-one', cookie: 'sid=abc' },
        deep: { response: { access_token: 'tok-two', refresh_token: 'tok-three', body: 'file-bytes' } },
        kept: 'visible',
      },
      'something',
    );
    const text = lines.join('');
    for (const secret of ['pw-top', 'tok-one', 'sid=abc', 'tok-two', 'tok-three', 'file-bytes']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('visible');
    expect(text).toContain('[redacted]');
  });

  it("logs an error's message, stack and causes, without the statement's parameters", () => {
    const { lines, logger } = capture();
    const error = new Error(
      'Failed query: insert into files (path, bytes) values ($1, $2)\nparams: a.pdf,SECRET',
      {
        cause: Object.assign(new Error('value too long'), { code: '22001' }),
      },
    );
    logger.error({ err: error }, 'failed');
    const [line] = lines.map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(line?.err).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into files (path, bytes) values ($1, $2)\nparams: [not logged]',
      cause: { message: 'value too long', code: '22001' },
    });
    expect(lines.join('')).not.toContain('SECRET');
  });
});

/**
 * The server's structured log: one JSON object per line (pino), for a log collector rather than a
 * person. The request log (server/http/request-log.ts) writes one line per request and the app's
 * error handler one per unexpected error, both carrying the request id.
 *
 * What never reaches it: passwords, tokens, `Authorization` headers, query strings, request and
 * response bodies (so no document content). The request log writes only fields it names; the
 * redaction below and the error serializer are a second line of defence for what an error drags in.
 */
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from '../config';

export type { Logger };

/**
 * Keys censored wherever a logged object carries them, up to two levels down (pino's redaction
 * takes explicit paths, not a deep search).
 */
const SECRET_KEYS = [
  'password',
  'authorization',
  'cookie',
  'access_token',
  'refresh_token',
  'token',
  'body',
  'bytes',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/**
 * drizzle's DrizzleQueryError puts the statement's parameters in its message (`params: ...`): the
 * values a request wrote, which may be personal data or a file's bytes. The statement stays (it
 * says what failed); its values do not.
 */
function withoutParams(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const at = text.indexOf('\nparams:');
  return at < 0 ? text : `${text.slice(0, at)}\nparams: [not logged]`;
}

interface SerializedError {
  type: string;
  message: string | undefined;
  stack: string | undefined;
  code?: unknown;
  cause?: SerializedError | string;
}

export function serializeError(error: unknown, depth = 0): SerializedError | string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    ...(code === undefined ? {} : { code }),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

export interface CreateLoggerOptions {
  level?: LogLevel;
  /** Where the lines go; default stdout. Tests pass a sink to read them back. */
  destination?: DestinationStream;
}

export function createLogger({ level = 'info', destination }: CreateLoggerOptions = {}): Logger {
  const options: LoggerOptions = {
    level,
    // ISO times read the same in every collector and to a person tailing the file.
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Writes nothing; what createApp uses when given no logger (tests, benches, tools). */
export const SILENT_LOGGER: Logger = pino({ level: 'silent' });

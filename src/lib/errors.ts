import { HTTP_ERRORS } from './copy';

/**
 * What every failed API call throws. `message` is already the spec §8 text the user sees, so a
 * mutation can toast or display it as is; `status` is 0 when no response arrived.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The envelope's `errorMessage`, when the server sent one (also for statuses §8 does not show it for). */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, serverMessage: string | null = null) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A record that is not there: a 404, or a 400 for an id that is not one (a link typed by hand).
 * Retrying cannot find it; a screen offers the way back instead.
 */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * Spec §8: 400, 409 and 401 show the server's message; 500 a fixed text; anything else the
 * "unplanned" text. Other 5xx (a proxy's 502/503/504) count as server errors: the user's remedy is
 * the same, "try again later" (docs/spec-deviations.md). 201 never gets here: it is a success.
 */
const SERVER_MESSAGE_STATUSES = new Set([400, 401, 403, 404, 409, 429]);

export function messageForStatus(status: number, serverMessage: string | null): string {
  // Spec §8 shows the server's message for 400, 401 and 409. We also show it for 403, 404 and 429:
  // 'You do not have permission…' or 'Merchant not found' tells staff more than the catch-all text
  // (docs/spec-deviations.md).
  if (SERVER_MESSAGE_STATUSES.has(status)) return serverMessage || HTTP_ERRORS.unknown;
  if (status >= 500 && status <= 599) return HTTP_ERRORS.server;
  return HTTP_ERRORS.unknown;
}

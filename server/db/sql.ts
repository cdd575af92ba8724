/**
 * Small helpers shared by the catalog routers (payment methods, transaction limits, currencies,
 * charges, gateway accounts): body-field refusals in the same `field: message` form as schema
 * failures, database-error classification, and the wire form of stored money.
 */
import { SQLSTATE, sqlState } from '../db/connect';
import { normalize } from '../domain/decimal';
import { ApiError } from '../http/envelope';

/** A 400 about one body field, worded like a schema failure (`field: message`). */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, `${field}: ${message}`);
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.uniqueViolation;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.foreignKeyViolation;
}

/** numeric(24,6) comes back as "5.000000"; the wire carries the plain decimal "5". */
export function money(stored: string): string {
  return normalize(stored);
}

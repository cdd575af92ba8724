/**
 * The SQL behind the payment-method endpoints and the mapping from rows to `paymentMethodSchema`.
 * Writes run in one transaction each; the currencies a method lists are locked FOR SHARE while it is
 * written, so a concurrent delete or rename of one of them waits and then sees the new method.
 */
import type { ActivationCommand, ActiveStatus } from '@contract/fields';
import type { PaymentMethodSortKey } from '@contract/list-sort';
import type { PaymentMethod, PaymentMethodListQuery, PaymentMethodPayload } from '@contract/payment-method';
import { arrayContains, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../connect';
import { currencies, paymentMethods } from '../schema';
import { orderByOf, type SortColumns, sortedTablePage } from '../sort';
import { activationUpdate, containsPattern, type ListPage, valueTaken } from '../sql';

function listWhere(query: PaymentMethodListQuery): SQL | undefined {
  if (!query.search_term) return undefined;
  const pattern = containsPattern(query.search_term);
  return or(ilike(paymentMethods.name, pattern), ilike(paymentMethods.code, pattern));
}

const SORT_COLUMNS: SortColumns<PaymentMethodSortKey> = {
  created: paymentMethods.createdAt,
  name: paymentMethods.name,
  type: paymentMethods.type,
  status: paymentMethods.status,
};

/** `GET payment-methods` with the contract's parsed query, in its `sort` (id breaking ties). */
export function listPaymentMethods(
  db: Database,
  query: PaymentMethodListQuery,
): Promise<ListPage<PaymentMethod>> {
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, paymentMethods.id);
  return sortedTablePage(db, paymentMethods, listWhere(query), orderBy, query, toPaymentMethod);
}

/** `forUpdate` locks the row until the transaction ends, so the change history's "before" stays true. */
export async function findPaymentMethod(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<PaymentMethod | undefined> {
  const query = db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0] ? toPaymentMethod(rows[0]) : undefined;
}

/** The methods whose supported_currencies list `code`, by id. */
export async function paymentMethodsListing(db: Executor, code: string): Promise<Map<string, PaymentMethod>> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(arrayContains(paymentMethods.supportedCurrencies, [code]));
  return new Map(rows.map((row) => [row.id, toPaymentMethod(row)]));
}

/** True when another payment method (not `exceptId`) already has this code. */
export function paymentMethodCodeTaken(db: Executor, code: string, exceptId?: string): Promise<boolean> {
  return valueTaken(db, paymentMethods, paymentMethods.code, code, exceptId);
}

/**
 * The listed name codes that name no currency, locking the ones that do (FOR SHARE) until the
 * transaction ends: the delete trigger then sees this method once it commits.
 */
export async function missingCurrencyCodes(tx: Executor, codes: readonly string[]): Promise<string[]> {
  const found = await tx
    .select({ nameCode: currencies.nameCode })
    .from(currencies)
    .where(inArray(currencies.nameCode, [...codes]))
    .for('share');
  const known = new Set(found.map((row) => row.nameCode));
  return codes.filter((code) => !known.has(code));
}

function columnsOf(payload: PaymentMethodPayload) {
  return {
    name: payload.name,
    type: payload.type,
    url: payload.url,
    logo: payload.logo,
    code: payload.code,
    accountNumberLength: payload.account_number_length,
    supportedCurrencies: payload.supported_currencies,
  };
}

export async function insertPaymentMethod(
  tx: Executor,
  payload: PaymentMethodPayload,
  now: Date,
): Promise<PaymentMethod> {
  const [row] = await tx
    .insert(paymentMethods)
    .values({ ...columnsOf(payload), status: 'ACTIVE', createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toPaymentMethod(row);
}

/** Replaces the editable fields; undefined when the id is unknown. Status is left alone. */
export async function updatePaymentMethod(
  tx: Executor,
  id: string,
  payload: PaymentMethodPayload,
  now: Date,
): Promise<PaymentMethod | undefined> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ ...columnsOf(payload), updatedAt: now })
    .where(eq(paymentMethods.id, id))
    .returning();
  return row ? toPaymentMethod(row) : undefined;
}

/**
 * One conditional UPDATE (`WHERE status <> target`): of two concurrent identical commands only one
 * changes the row. Undefined when nothing changed (unknown id, or already in the target status).
 */
export async function applyPaymentMethodCommand(
  db: Executor,
  id: string,
  command: ActivationCommand,
  now: Date,
): Promise<PaymentMethod | undefined> {
  const { set, where } = activationUpdate(paymentMethods, id, command, now);
  const [row] = await db.update(paymentMethods).set(set).where(where).returning();
  return row ? toPaymentMethod(row) : undefined;
}

export async function paymentMethodStatus(db: Executor, id: string): Promise<ActiveStatus | undefined> {
  const rows = await db
    .select({ status: paymentMethods.status })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, id));
  return rows[0]?.status;
}

export function toPaymentMethod(row: typeof paymentMethods.$inferSelect): PaymentMethod {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    code: row.code,
    url: row.url,
    logo: row.logo,
    account_number_length: row.accountNumberLength,
    supported_currencies: row.supportedCurrencies,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The SQL behind the charge endpoints and the mapping to `chargeSchema`. A charge's ranges live in
 * `charge_ranges` (position order); they are written in the same transaction as the charge and
 * replaced as a whole on update. Lists read the page of charges with their currency in one query
 * and the ranges of the whole page in a second one.
 */
import type { Charge, ChargeListQuery, ChargePayload } from '@contract/charge';
import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../connect';
import { accountMappings, chargeRanges, charges, currencies } from '../schema';
import { sortedPage } from '../sort';
import { type ListPage, money } from '../sql';

type ChargeRow = typeof charges.$inferSelect;
type CurrencyRow = Pick<typeof currencies.$inferSelect, 'id' | 'name' | 'nameCode'>;
type RangeRow = typeof chargeRanges.$inferSelect;

const selection = {
  charge: charges,
  currency: { id: currencies.id, name: currencies.name, nameCode: currencies.nameCode },
};

function selectCharges(db: Executor) {
  return db.select(selection).from(charges).innerJoin(currencies, eq(currencies.id, charges.currencyId));
}

async function withRanges(
  db: Executor,
  rows: { charge: ChargeRow; currency: CurrencyRow }[],
): Promise<Charge[]> {
  const ids = rows.map((r) => r.charge.id);
  const ranges =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(chargeRanges)
          .where(inArray(chargeRanges.chargeId, ids))
          .orderBy(asc(chargeRanges.minAmount), asc(chargeRanges.position));
  const byCharge = new Map<string, RangeRow[]>();
  for (const range of ranges) byCharge.set(range.chargeId, [...(byCharge.get(range.chargeId) ?? []), range]);
  return rows.map((r) => toCharge(r.charge, r.currency, byCharge.get(r.charge.id) ?? []));
}

/** `GET charges` with the contract's parsed query, narrowed to one currency when `currency_id` is given. */
export function listCharges(db: Database, query: ChargeListQuery): Promise<ListPage<Charge>> {
  const where: SQL | undefined = query.currency_id ? eq(charges.currencyId, query.currency_id) : undefined;
  return sortedPage(
    selectCharges(db).where(where).$dynamic(),
    // Newest first; id breaks ties so pages never overlap or skip rows.
    [desc(charges.createdAt), desc(charges.id)],
    db.select({ total: count() }).from(charges).where(where),
    query,
    (rows) => withRanges(db, rows),
  );
}

export async function findCharge(db: Executor, id: string): Promise<Charge | undefined> {
  const rows = await selectCharges(db).where(eq(charges.id, id));
  return (await withRanges(db, rows))[0];
}

/** Locks the charge's row for the rest of the transaction; false when it does not exist. */
export async function lockCharge(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx.select({ id: charges.id }).from(charges).where(eq(charges.id, id)).for('update');
  return rows.length > 0;
}

export async function currencyExists(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, id));
  return rows.length > 0;
}

/** The columns of a charge from a validated payload; `today` fills an absent fee_on_date. */
function columnsOf(payload: ChargePayload, today: string) {
  return {
    currencyId: payload.currency_id,
    name: payload.name,
    chargeType: payload.charge_type,
    chargeTime: payload.charge_time,
    chargeCalculationMethod: payload.charge_calculation_method,
    // A ranged charge's rates are in its ranges; its own amount is 0 (spec §4: Ranged sets it to 0).
    amount: payload.is_range ? '0' : payload.amount,
    isRange: payload.is_range,
    feeOnDate: payload.fee_on_date ?? today,
    feeInterval: payload.fee_interval === null ? null : String(payload.fee_interval),
  };
}

async function writeRanges(tx: Executor, chargeId: string, payload: ChargePayload): Promise<void> {
  if (payload.charge_ranges.length === 0) return;
  await tx.insert(chargeRanges).values(
    payload.charge_ranges.map((r, position) => ({
      chargeId,
      position,
      minAmount: r.min_amount,
      maxAmount: r.max_amount,
      chargeAmount: r.charge_amount,
    })),
  );
}

export async function insertCharge(
  tx: Executor,
  payload: ChargePayload,
  now: Date,
  today: string,
): Promise<string> {
  const [row] = await tx
    .insert(charges)
    .values({ ...columnsOf(payload, today), createdAt: now, updatedAt: now })
    .returning({ id: charges.id });
  if (!row) throw new Error('insert returned no row');
  await writeRanges(tx, row.id, payload);
  return row.id;
}

/** Replaces the charge's fields and all its ranges. */
export async function updateCharge(
  tx: Executor,
  id: string,
  payload: ChargePayload,
  now: Date,
  today: string,
): Promise<void> {
  await tx
    .update(charges)
    .set({ ...columnsOf(payload, today), updatedAt: now })
    .where(eq(charges.id, id));
  await tx.delete(chargeRanges).where(eq(chargeRanges.chargeId, id));
  await writeRanges(tx, id, payload);
}

export async function accountMappingsOfCharge(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accountMappings).where(eq(accountMappings.chargeId, id));
  return row?.n ?? 0;
}

/** Deletes the charge (its ranges cascade); false when it did not exist. */
export async function deleteCharge(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx.delete(charges).where(eq(charges.id, id)).returning({ id: charges.id });
  return rows.length > 0;
}

export function toCharge(row: ChargeRow, currency: CurrencyRow, ranges: readonly RangeRow[]): Charge {
  return {
    id: row.id,
    currency_id: row.currencyId,
    name: row.name,
    charge_type: row.chargeType,
    charge_time: row.chargeTime,
    charge_calculation_method: row.chargeCalculationMethod,
    amount: money(row.amount),
    is_range: row.isRange,
    charge_ranges: row.isRange
      ? ranges.map((r) => ({
          min_amount: money(r.minAmount),
          max_amount: money(r.maxAmount),
          charge_amount: money(r.chargeAmount),
        }))
      : [],
    fee_on_date: row.feeOnDate,
    // Stored as text (the spec leaves its unit open); written only from the contract's integer.
    fee_interval: row.feeInterval === null ? null : Number(row.feeInterval),
    currency: { id: currency.id, name: currency.name, name_code: currency.nameCode },
    created_at: row.createdAt.toISOString(),
  };
}

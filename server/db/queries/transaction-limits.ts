/**
 * The SQL behind the transaction-limit endpoints and the mapping to `transactionLimitSchema`.
 *
 * The overlap rule: two ACTIVE limits of one payment method with the same interval may not have
 * intersecting closed ranges, i.e. a.min <= b.max AND b.min <= a.max (touching ends overlap).
 * Every write that can make a limit active or move its range locks the payment method's row
 * (FOR UPDATE) first, so concurrent writes to one method's limits run one after the other and the
 * check cannot be raced. Inactive limits are never compared.
 */
import type { ActivationCommand } from '@contract/fields';
import type { LimitInterval, TransactionLimit } from '@contract/transaction-limit';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Executor } from '../connect';
import { paymentMethods, transactionLimits } from '../schema';
import { activationUpdate, money } from '../sql';

type LimitRow = typeof transactionLimits.$inferSelect;

/** Locks the payment method's row for the rest of the transaction; false when it does not exist. */
export async function lockPaymentMethod(tx: Executor, paymentMethodId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId))
    .for('update');
  return rows.length > 0;
}

export async function listLimitsOf(db: Executor, paymentMethodId: string): Promise<TransactionLimit[]> {
  const rows = await db
    .select()
    .from(transactionLimits)
    .where(eq(transactionLimits.paymentMethodId, paymentMethodId))
    // In the order they were added, so a new limit appears at the bottom of the table.
    .orderBy(asc(transactionLimits.createdAt), asc(transactionLimits.id));
  return rows.map(toTransactionLimit);
}

export async function findLimitRow(db: Executor, id: string): Promise<LimitRow | undefined> {
  const rows = await db.select().from(transactionLimits).where(eq(transactionLimits.id, id));
  return rows[0];
}

export interface LimitRange {
  paymentMethodId: string;
  interval: LimitInterval;
  min: string;
  max: string;
}

/** An ACTIVE limit (other than `exceptId`) whose range intersects this one, if any. */
export async function overlappingActiveLimit(
  tx: Executor,
  range: LimitRange,
  exceptId?: string,
): Promise<LimitRow | undefined> {
  const rows = await tx
    .select()
    .from(transactionLimits)
    .where(
      and(
        eq(transactionLimits.paymentMethodId, range.paymentMethodId),
        eq(transactionLimits.interval, range.interval),
        eq(transactionLimits.status, 'ACTIVE'),
        lte(transactionLimits.minAmount, range.max),
        gte(transactionLimits.maxAmount, range.min),
        exceptId ? ne(transactionLimits.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(transactionLimits.createdAt), asc(transactionLimits.id))
    .limit(1);
  return rows[0];
}

export async function insertLimit(tx: Executor, range: LimitRange, now: Date): Promise<TransactionLimit> {
  const [row] = await tx
    .insert(transactionLimits)
    .values({
      paymentMethodId: range.paymentMethodId,
      interval: range.interval,
      minAmount: range.min,
      maxAmount: range.max,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toTransactionLimit(row);
}

export async function updateLimit(
  tx: Executor,
  id: string,
  range: Omit<LimitRange, 'paymentMethodId'>,
  now: Date,
): Promise<TransactionLimit | undefined> {
  const [row] = await tx
    .update(transactionLimits)
    .set({ interval: range.interval, minAmount: range.min, maxAmount: range.max, updatedAt: now })
    .where(eq(transactionLimits.id, id))
    .returning();
  return row ? toTransactionLimit(row) : undefined;
}

export async function deleteLimit(db: Executor, id: string): Promise<TransactionLimit | undefined> {
  const [row] = await db.delete(transactionLimits).where(eq(transactionLimits.id, id)).returning();
  return row ? toTransactionLimit(row) : undefined;
}

/** Conditional UPDATE: changes the row only when it is not already in the target status. */
export async function applyLimitCommand(
  tx: Executor,
  id: string,
  command: ActivationCommand,
  now: Date,
): Promise<TransactionLimit | undefined> {
  const { set, where } = activationUpdate(transactionLimits, id, command, now);
  const [row] = await tx.update(transactionLimits).set(set).where(where).returning();
  return row ? toTransactionLimit(row) : undefined;
}

export function toTransactionLimit(row: LimitRow): TransactionLimit {
  return {
    id: row.id,
    payment_method_id: row.paymentMethodId,
    min_amount: money(row.minAmount),
    max_amount: money(row.maxAmount),
    interval: row.interval,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

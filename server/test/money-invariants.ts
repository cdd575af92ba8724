/**
 * Issue 22's measured property, read back from the database in a few aggregate statements, so the
 * same check serves the property test (server/services/money-flows.property.test.ts, a few hundred
 * events) and the randomized bench (bench/api/money-flows-random.ts, 100,000):
 *
 * - every journal balances (debits equal credits, at least two lines);
 * - each gateway account's balance moved by exactly its RECEIVE_CONTROL postings since `opening`;
 * - no payment gave back more than its amount (refunds and lost chargebacks), nor holds more than it
 *   has (the same with the open chargebacks).
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';
import { gatewayMovesAndPostings } from './gateway-postings';

export interface MoneyInvariants {
  journals: number;
  unbalancedJournals: string[];
  /** Gateway accounts whose balance moved otherwise than their postings: id, moved, posted. */
  gatewayMismatches: { id: string; moved: string; posted: string }[];
  payments: number;
  /** Payments whose refunds and lost chargebacks exceed their amount. */
  overRefunded: string[];
  /** Payments whose refunds and lost and open chargebacks exceed their amount. */
  overHeld: string[];
}

export async function checkMoneyInvariants(
  db: Executor,
  opening: ReadonlyMap<string, string>,
): Promise<MoneyInvariants> {
  const [journals] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from journals`);
  const unbalanced = await queryRows<{ id: string }>(
    db,
    sql`select j.id from journals j left join journal_entries e on e.journal_id = j.id
        group by j.id
        having count(e.*) < 2
            or coalesce(sum(case when e.entry_type = 'DEBIT' then e.amount else -e.amount end), 0) <> 0
            or bool_or(e.amount <= 0)`,
  );
  const { moves, postings } = await gatewayMovesAndPostings(db, opening);
  const gatewayMismatches = Object.keys(moves)
    .filter((id) => moves[id] !== postings[id])
    .map((id) => ({ id, moved: moves[id] ?? '0', posted: postings[id] ?? '0' }));
  const held = await queryRows<{ id: string; over_refunded: boolean; over_held: boolean }>(
    db,
    sql`select t.id, (r.refunded + d.lost > t.amount) as over_refunded,
               (r.refunded + d.lost + d.open > t.amount) as over_held
        from transactions t
        cross join lateral (select coalesce(sum(amount), 0) as refunded from refunds where payment_id = t.id) r
        cross join lateral (
          select coalesce(sum(amount) filter (where status = 'LOST'), 0) as lost,
                 coalesce(sum(amount) filter (where status = 'OPEN'), 0) as open
          from disputes where payment_id = t.id) d
        where t.type = 'PAYMENT' and (r.refunded + d.lost + d.open > t.amount)`,
  );
  const [payments] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from transactions where type = 'PAYMENT'`,
  );
  return {
    journals: journals?.n ?? 0,
    unbalancedJournals: unbalanced.map((r) => r.id),
    gatewayMismatches,
    payments: payments?.n ?? 0,
    overRefunded: held.filter((r) => r.over_refunded).map((r) => r.id),
    overHeld: held.filter((r) => r.over_held).map((r) => r.id),
  };
}

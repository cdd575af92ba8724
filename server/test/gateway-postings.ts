/**
 * Each gateway account's own postings, read back from the database, so tests can hold every
 * `gateway_accounts.total_balance` to the ledger (docs/ledger.md: the balance moves by the event's
 * RECEIVE_CONTROL debits less credits).
 *
 * A posting belongs to a gateway account through its journal's transaction:
 * journal_entries.journal_id -> journals.transaction_id -> transactions.gateway_account_id.
 * journal_entries keep no financial account type, so a RECEIVE_CONTROL line is recognised by its
 * GL account: one that RECEIVE_CONTROL mappings point to and no other type's mapping does (otherwise
 * the lines could not be told apart, and this throws).
 */

import { sub } from '@contract/decimal';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';
import { gatewayAccounts } from '../db/schema';

export interface GatewayPostings {
  /** Per gateway account id: RECEIVE_CONTROL debits less credits of its transactions' journals. */
  net: Map<string, string>;
  /** RECEIVE_CONTROL lines whose journal names no transaction, or a transaction without a gateway account. */
  unattributedLines: number;
  /** Transactions whose gateway account belongs to another payment method than theirs. */
  methodMismatches: number;
}

export async function gatewayPostings(db: Executor): Promise<GatewayPostings> {
  const shared = await queryRows<{ gl_account_id: string }>(
    db,
    sql`select gl_account_id from account_mappings group by gl_account_id
        having bool_or(financial_account_type = 'RECEIVE_CONTROL')
           and bool_or(financial_account_type <> 'RECEIVE_CONTROL')`,
  );
  if (shared.length > 0) {
    throw new Error(
      `GL accounts mapped as RECEIVE_CONTROL and as another type: ${shared.map((r) => r.gl_account_id).join(', ')}`,
    );
  }
  const rows = await queryRows<{ gateway: string | null; net: string; lines: number }>(
    db,
    sql`select t.gateway_account_id as gateway,
               sum(case when e.entry_type = 'DEBIT' then e.amount else -e.amount end)::text as net,
               count(*)::int as lines
        from journal_entries e
        join journals j on j.id = e.journal_id
        left join transactions t on t.id = j.transaction_id
        where e.gl_account_id in
          (select gl_account_id from account_mappings where financial_account_type = 'RECEIVE_CONTROL')
        group by t.gateway_account_id`,
  );
  const [mismatch] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from transactions t join gateway_accounts g on g.id = t.gateway_account_id
        where t.payment_method_id is distinct from g.payment_method_id`,
  );
  const net = new Map<string, string>();
  let unattributedLines = 0;
  for (const row of rows) {
    if (row.gateway === null) unattributedLines += row.lines;
    else net.set(row.gateway, row.net);
  }
  return { net, unattributedLines, methodMismatches: mismatch?.n ?? 0 };
}

/** Every gateway account's total_balance, by id. */
export async function gatewayBalances(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: gatewayAccounts.id, balance: gatewayAccounts.totalBalance })
    .from(gatewayAccounts);
  return new Map(rows.map((r) => [r.id, r.balance]));
}

/**
 * Per gateway account: how far its balance moved from `opening` (the balances before the postings
 * under test; absent means zero, where every account opens), next to its own postings. Equal when
 * the books hold.
 */
export async function gatewayMovesAndPostings(
  db: Executor,
  opening: ReadonlyMap<string, string>,
): Promise<{ moves: Record<string, string>; postings: Record<string, string> } & GatewayPostings> {
  const balances = await gatewayBalances(db);
  const own = await gatewayPostings(db);
  const moves: Record<string, string> = {};
  const postings: Record<string, string> = {};
  for (const [id, balance] of balances) {
    moves[id] = sub(balance, opening.get(id) ?? '0');
    postings[id] = sub(own.net.get(id) ?? '0', '0');
  }
  return { ...own, moves, postings };
}

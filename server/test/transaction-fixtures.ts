/**
 * Test fixtures for the transaction, payout and dashboard tests: insert a transaction with known
 * fields, and a collection or a payout request posted to the ledger the way the seed posts them.
 */
import type { TransactionStatus, TransactionType } from '@contract/transaction';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { loadMappings, moveGatewayBalance, postJournal } from '../db/ledger-store';
import { gatewayAccounts, journalEntries, journals, transactions } from '../db/schema';
import { buildJournal, gatewayBalanceDelta, journalTotals } from '../domain/ledger';
import type { TestApi } from './api';

export interface TransactionFixture {
  ref: string;
  date: Date;
  status?: TransactionStatus;
  type?: TransactionType;
  amount?: string;
  fee?: string;
  currency?: 'ETB' | 'USD';
  /** Payment method code from the catalogue; null for an internal movement. Default CBE. */
  method?: string | null;
  merchantId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
}

export async function insertTransaction(api: TestApi, f: TransactionFixture): Promise<string> {
  const { catalog } = api;
  const currency = catalog.currencies.find((c) => c.nameCode === (f.currency ?? 'ETB'));
  const methodCode = f.method === undefined ? 'CBE' : f.method;
  const method = methodCode === null ? undefined : catalog.paymentMethods.find((m) => m.code === methodCode);
  if (!currency || (methodCode !== null && !method)) throw new Error('unknown currency or method');
  const gateway = method ? catalog.gatewayAccounts.find((g) => g.paymentMethodId === method.id) : undefined;
  const [row] = await api.database.db
    .insert(transactions)
    .values({
      txnRef: f.ref,
      transactionDate: f.date,
      merchantId: f.merchantId ?? null,
      customerFirstName: f.firstName === undefined ? 'Almaz' : f.firstName,
      customerLastName: f.lastName === undefined ? 'Bekele' : f.lastName,
      customerPhoneNumber: f.phone === undefined ? '+251911000000' : f.phone,
      amount: f.amount ?? '100',
      fee: f.fee ?? '0',
      type: f.type ?? 'PAYMENT',
      status: f.status ?? 'SUCCESS',
      currencyId: currency.id,
      paymentMethodId: method?.id ?? null,
      gatewayAccountId: gateway?.id ?? null,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** A PAY_OUT request with its PAYOUT_REQUESTED journal, as the seed writes it. */
export async function insertPayoutRequest(
  api: TestApi,
  f: Omit<TransactionFixture, 'status' | 'type'>,
): Promise<string> {
  const id = await insertTransaction(api, { ...f, status: 'PAY_OUT', type: 'PAYOUT' });
  const db = api.database.db;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error('missing payout');
  const journal = buildJournal(
    {
      type: 'PAYOUT_REQUESTED',
      amount: row.amount,
      payment_method_id: row.paymentMethodId,
      reference: row.txnRef,
    },
    await loadMappings(db),
  );
  await postJournal(db, journal, { transactionId: id, now: f.date });
  return id;
}

/**
 * A successful collection posted as the seed posts one (PAYMENT_RECEIVED, no fee): its amount lands
 * in the method's first gateway account, so payouts on that gateway have money to be paid from.
 */
export async function insertCollection(
  api: TestApi,
  f: Omit<TransactionFixture, 'status' | 'type' | 'fee'> & { amount: string },
): Promise<string> {
  const id = await insertTransaction(api, { ...f, status: 'SUCCESS', type: 'PAYMENT' });
  const db = api.database.db;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error('missing collection');
  const event = {
    type: 'PAYMENT_RECEIVED',
    amount: row.amount,
    fee: '0',
    charge_id: null,
    payment_method_id: row.paymentMethodId,
    reference: row.txnRef,
  } as const;
  await postJournal(db, buildJournal(event, await loadMappings(db)), { transactionId: id, now: f.date });
  if (!(await moveGatewayBalance(db, row.gatewayAccountId, gatewayBalanceDelta(event), f.date))) {
    throw new Error('the collection could not move its gateway account balance');
  }
  return id;
}

/** Every journal entry (the fields journalTotals reads), and the entries by journal. */
export async function entriesByJournal(db: Executor) {
  const entries = await db
    .select({
      journalId: journalEntries.journalId,
      gl_account_id: journalEntries.glAccountId,
      entry_type: journalEntries.entryType,
      amount: journalEntries.amount,
    })
    .from(journalEntries);
  const byJournal = new Map<string, typeof entries>();
  for (const e of entries) byJournal.set(e.journalId, [...(byJournal.get(e.journalId) ?? []), e]);
  return { entries, byJournal };
}

/** Totals of every entry, and the journals whose debits differ from their credits. */
export async function ledgerTotals(db: Executor) {
  const { entries, byJournal } = await entriesByJournal(db);
  const unbalanced = [...byJournal.entries()]
    .filter(([, lines]) => {
      const t = journalTotals(lines);
      return t.debit !== t.credit;
    })
    .map(([id]) => id);
  // The database's own sums, in numeric, as a second opinion.
  const [sums] = await db
    .select({
      debit: sql<string>`coalesce(sum(${journalEntries.amount}) filter (where ${journalEntries.entryType} = 'DEBIT'), 0)::text`,
      credit: sql<string>`coalesce(sum(${journalEntries.amount}) filter (where ${journalEntries.entryType} = 'CREDIT'), 0)::text`,
    })
    .from(journalEntries);
  return { ...journalTotals(entries), unbalanced, sql: sums, entries: entries.length };
}

export async function journalsOf(db: Executor, transactionId: string) {
  return db.select().from(journals).where(eq(journals.transactionId, transactionId));
}

export async function gatewayBalance(db: Executor, id: string): Promise<string> {
  const [row] = await db
    .select({ b: gatewayAccounts.totalBalance })
    .from(gatewayAccounts)
    .where(eq(gatewayAccounts.id, id));
  if (!row) throw new Error('no gateway account');
  return row.b;
}

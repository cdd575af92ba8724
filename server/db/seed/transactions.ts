/**
 * Transactions and their ledger postings, as a SeedStep (runs after merchants, in the seed's one
 * database transaction). Deterministic for the seed's PRNG stream and base date.
 *
 * Every fee comes from the fee engine (computeFee) and every posting from the ledger code the API
 * uses (buildJournal, gatewayBalanceDelta), so the seeded books balance exactly as live ones do:
 * - a successful PAYMENT posts PAYMENT_RECEIVED (gateway balance + amount);
 * - every PAYOUT posts PAYOUT_REQUESTED; a SUCCESS one then PAYOUT_APPROVED (gateway balance
 *   - amount), a CANCELED one PAYOUT_REJECTED; PAY_OUT ones wait for staff on the Payouts screen;
 *   a payout its gateway account cannot cover (accounts open at zero) is seeded rejected;
 * - PENDING, FAILED, CHECKED_OUT and CANCELED payments moved no money and post nothing. REFUNDs are
 *   seeded only in statuses that moved no money: the ledger has no refund posting yet
 *   (docs/ledger.md "Not covered yet").
 *
 * Rows are generated and inserted in chunks, so a million transactions never sit in memory at once.
 */

import { add, compare } from '@contract/decimal';
import { asc, eq, sql } from 'drizzle-orm';
import type { FeeCharge, FeeCurrency } from '../../domain/fees';
import { computeFee } from '../../domain/fees';
import {
  buildJournal,
  gatewayBalanceDelta,
  type Journal,
  type MappingRow,
  type MoneyEvent,
} from '../../domain/ledger';
import { bulkInsert, withIndexesDeferred } from '../bulk-insert';
import type { Executor } from '../connect';
import { loadMappings } from '../ledger-store';
import { withJournalSumsDeferred, withTransactionNameCountsDeferred } from '../maintenance';
import { feeChargeOf } from '../queries/money-flows';
import {
  chargeRanges,
  charges,
  currencies,
  gatewayAccounts,
  journalEntries,
  journals,
  merchants,
  transactions,
} from '../schema';
import { FIRST_NAMES, LAST_NAMES } from './merchant-data';
import type { Random } from './random';
import type { ReferenceCatalog } from './reference-data';
import type { SeedContext, SeedStep } from './seed';

/** First-run size for `npm start`: a few seconds on PGlite, enough for every screen and filter. */
export const DEFAULT_SEED_TRANSACTIONS = 2000;
/** Transactions are spread over this many days before the base date. */
export const TRANSACTION_SPAN_DAYS = 120;
/** From this many transactions on, the secondary indexes are rebuilt once after the load. */
const BULK_LOAD_THRESHOLD = 20_000;
const CHUNK = 5000;
const DAY_MS = 86_400_000;

type TransactionRow = typeof transactions.$inferInsert & { id: string };
type JournalRow = typeof journals.$inferInsert & { id: string };
type EntryRow = typeof journalEntries.$inferInsert;

/** What each generated transaction needs to know of the catalogue, loaded once. */
interface SeedWorld {
  currencies: Map<string, FeeCurrency & { id: string; code: string }>;
  charges: FeeCharge[];
  mappings: MappingRow[];
  /** Active payment methods per currency code, with their gateway accounts. */
  methodsByCurrency: Map<string, { id: string; code: string; weight: number; gateways: string[] }[]>;
  merchantIds: string[];
}

/** Wallets carry most small payments in Ethiopia; cards are rarer. */
const METHOD_WEIGHT: Record<string, number> = {
  TELEBIRR: 30,
  CBEBIRR: 12,
  MPESA: 6,
  CBE: 20,
  AWASH: 8,
  DASHEN: 7,
  BOA: 6,
  VISA: 4,
  MASTERCARD: 2,
};

async function loadWorld(db: Executor, catalog: ReferenceCatalog): Promise<SeedWorld> {
  const currencyRows = await db.select().from(currencies);
  const chargeRows = await db.select().from(charges);
  const rangeRows = await db.select().from(chargeRanges).orderBy(asc(chargeRanges.position));
  const charges_: FeeCharge[] = chargeRows.map((c) => ({
    ...feeChargeOf(c, rangeRows),
    // The catalogue's charges are dated on the base date (spec-deviations 5); the seed treats them
    // as in force over the whole history, or every seeded payment would be fee-free.
    fee_on_date: null,
  }));
  const methodsByCurrency: SeedWorld['methodsByCurrency'] = new Map();
  for (const m of catalog.paymentMethods) {
    if (m.status !== 'ACTIVE') continue;
    const gateways = catalog.gatewayAccounts.filter((g) => g.paymentMethodId === m.id).map((g) => g.id);
    if (gateways.length === 0) continue;
    for (const code of m.supportedCurrencies) {
      const list = methodsByCurrency.get(code) ?? [];
      list.push({ id: m.id, code: m.code, weight: METHOD_WEIGHT[m.code] ?? 1, gateways });
      methodsByCurrency.set(code, list);
    }
  }
  // Active merchants do business; a few inactive ones have history from before.
  const merchantRows = await db
    .select({ id: merchants.id, status: merchants.status })
    .from(merchants)
    .orderBy(asc(merchants.merchantCode));
  const active = merchantRows.filter((m) => m.status === 'ACTIVE').map((m) => m.id);
  const others = merchantRows.filter((m) => m.status === 'INACTIVE').map((m) => m.id);
  return {
    currencies: new Map(
      currencyRows.map((c) => [
        c.nameCode,
        { id: c.id, code: c.nameCode, decimal_places: c.decimalPlaces, in_multiples_of: c.inMultiplesOf },
      ]),
    ),
    charges: charges_,
    mappings: await loadMappings(db),
    methodsByCurrency,
    merchantIds: [...active, ...active, ...active, ...others],
  };
}

/** An amount on the currency's step: mostly everyday sums, a long tail of large ones. */
function drawAmount(random: Random, currency: string): string {
  const r = random.next();
  if (currency === 'USD') {
    const whole = r < 0.7 ? random.int(5, 200) : r < 0.95 ? random.int(200, 2000) : random.int(2000, 9000);
    return `${whole}.${random.digits(2)}`;
  }
  const whole =
    r < 0.55 ? random.int(10, 1500) : r < 0.9 ? random.int(1500, 25_000) : random.int(25_000, 400_000);
  // The birr moves in multiples of 0.05.
  return `${whole}.${String(random.int(0, 19) * 5).padStart(2, '0')}`;
}

type Plan = { type: 'PAYMENT' | 'PAYOUT' | 'REFUND'; status: TransactionRow['status'] };

function drawPlan(random: Random, ageDays: number): Plan {
  const kind = random.weighted([
    ['PAYMENT', 80],
    ['PAYOUT', 16],
    ['REFUND', 4],
  ] as const);
  if (kind === 'PAYMENT') {
    return {
      type: kind,
      status: random.weighted([
        ['SUCCESS', 70],
        ['PENDING', 7],
        ['FAILED', 10],
        ['CHECKED_OUT', 8],
        ['CANCELED', 5],
      ] as const),
    };
  }
  if (kind === 'PAYOUT') {
    // Recent requests are mostly still waiting; old ones were decided long ago.
    const pending = ageDays < 3 ? 0.7 : ageDays < 10 ? 0.25 : 0.02;
    if (random.chance(pending)) return { type: kind, status: 'PAY_OUT' };
    return { type: kind, status: random.chance(0.88) ? 'SUCCESS' : 'CANCELED' };
  }
  return {
    type: kind,
    status: random.weighted([
      ['PENDING', 5],
      ['FAILED', 3],
      ['CANCELED', 2],
    ] as const),
  };
}

/** A reference like the banks print: FT, the Julian day of the year, and a unique base-36 serial. */
function txnRef(date: Date, index: number): string {
  const start = Date.UTC(date.getUTCFullYear(), 0, 0);
  const dayOfYear = Math.floor((date.getTime() - start) / DAY_MS);
  const yy = String(date.getUTCFullYear() % 100).padStart(2, '0');
  return `FT${yy}${String(dayOfYear).padStart(3, '0')}${index.toString(36).toUpperCase().padStart(6, '0')}`;
}

function ethiopianPhone(random: Random): string {
  // Ethio telecom numbers start 9; Safaricom Ethiopia's 7.
  return random.chance(0.85) ? `+2519${random.digits(8)}` : `+2517${random.digits(8)}`;
}

export interface TransactionSeedCounts extends Record<string, number> {
  transactions: number;
  journals: number;
  journalEntries: number;
  pendingPayouts: number;
}

/** The SeedStep that adds `count` transactions with their fees, journals and gateway balances. */
export function transactionSeedStep(count: number): SeedStep {
  return (context) => seedTransactions(context, count);
}

export async function seedTransactions(context: SeedContext, count: number): Promise<TransactionSeedCounts> {
  const { db } = context;
  const counts: TransactionSeedCounts = {
    transactions: 0,
    journals: 0,
    journalEntries: 0,
    pendingPayouts: 0,
  };
  if (count <= 0) return counts;
  const load = () => loadTransactions(context, count, counts);
  // The name counts (decision 063) are rebuilt once after a bulk load, as the journal sums are.
  if (count >= BULK_LOAD_THRESHOLD)
    await withIndexesDeferred(db, [transactions, journals, journalEntries], () =>
      withJournalSumsDeferred(db, () => withTransactionNameCountsDeferred(db, load)),
    );
  else await load();
  return counts;
}

async function loadTransactions(context: SeedContext, count: number, counts: TransactionSeedCounts) {
  const { db, random, now, catalog } = context;
  const world = await loadWorld(db, catalog);
  const deltas = new Map<string, string>();
  const nowMs = now.getTime();

  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK);
    const txRows: TransactionRow[] = [];
    const journalRows: JournalRow[] = [];
    const entryRows: EntryRow[] = [];

    const post = (event: MoneyEvent, transactionId: string, at: Date, gatewayId: string): Journal => {
      const journal = buildJournal(event, world.mappings);
      const journalId = random.uuid();
      journalRows.push({
        id: journalId,
        transactionId,
        eventType: journal.event_type,
        description: journal.description,
        createdAt: at,
      });
      for (const line of journal.lines) {
        entryRows.push({
          id: random.uuid(),
          journalId,
          glAccountId: line.gl_account_id,
          entryType: line.entry_type,
          amount: line.amount,
          createdAt: at,
        });
      }
      const delta = gatewayBalanceDelta(event);
      if (compare(delta, '0') !== 0) deltas.set(gatewayId, add(deltas.get(gatewayId) ?? '0', delta));
      return journal;
    };

    for (let i = start; i < end; i++) {
      // Younger days are busier: the square pulls ages toward zero.
      const ageMs = Math.floor(random.next() ** 1.4 * TRANSACTION_SPAN_DAYS * DAY_MS);
      const date = new Date(nowMs - ageMs);
      const drawn = drawPlan(random, ageMs / DAY_MS);
      const currencyCode =
        drawn.type === 'PAYMENT' && random.chance(0.9) ? 'ETB' : random.chance(0.85) ? 'ETB' : 'USD';
      const currency = world.currencies.get(currencyCode);
      const methods = world.methodsByCurrency.get(currencyCode);
      if (!currency || !methods?.length) throw new Error(`seed: no currency or methods for ${currencyCode}`);
      const method = random.weighted(methods.map((m) => [m, m.weight] as const));
      const gatewayId = random.pick(method.gateways);
      const amount = drawAmount(random, currencyCode);
      // A gateway pays out only money it holds: a payout its account cannot cover was rejected.
      // (Accounts open at zero; seeded in this order, no balance ever goes below zero.)
      const overdraws =
        drawn.type === 'PAYOUT' &&
        drawn.status === 'SUCCESS' &&
        compare(deltas.get(gatewayId) ?? '0', amount) < 0;
      const plan: Plan = overdraws ? { type: 'PAYOUT', status: 'CANCELED' } : drawn;
      const id = random.uuid();
      const ref = txnRef(date, i);
      const merchantId = world.merchantIds.length > 0 ? random.pick(world.merchantIds) : null;

      let fee = '0';
      let chargeId: string | null = null;
      if (plan.type === 'PAYMENT' && plan.status === 'SUCCESS') {
        const result = computeFee({ amount, currency, charges: world.charges });
        fee = result.fee;
        chargeId = result.charge_id;
      }

      txRows.push({
        id,
        txnRef: ref,
        transactionDate: date,
        merchantId,
        customerFirstName: random.pick(FIRST_NAMES),
        customerLastName: random.pick(LAST_NAMES),
        customerPhoneNumber: ethiopianPhone(random),
        amount,
        fee,
        type: plan.type,
        status: plan.status,
        currencyId: currency.id,
        paymentMethodId: method.id,
        gatewayAccountId: gatewayId,
        createdAt: date,
        updatedAt: date,
      });

      const base = { amount, payment_method_id: method.id, reference: ref };
      if (plan.type === 'PAYMENT' && plan.status === 'SUCCESS') {
        post({ ...base, type: 'PAYMENT_RECEIVED', fee, charge_id: chargeId }, id, date, gatewayId);
      } else if (plan.type === 'PAYOUT') {
        const request = post({ ...base, type: 'PAYOUT_REQUESTED' }, id, date, gatewayId);
        if (plan.status === 'PAY_OUT') counts.pendingPayouts += 1;
        else {
          // Staff decide within two days, never after the base date.
          const decidedAt = new Date(Math.min(nowMs, date.getTime() + random.int(600, 172_800) * 1000));
          const type = plan.status === 'SUCCESS' ? 'PAYOUT_APPROVED' : 'PAYOUT_REJECTED';
          post({ ...base, type, request_lines: request.lines }, id, decidedAt, gatewayId);
        }
      }
    }

    await bulkInsert(db, transactions, txRows);
    await bulkInsert(db, journals, journalRows);
    await bulkInsert(db, journalEntries, entryRows);
    counts.transactions += txRows.length;
    counts.journals += journalRows.length;
    counts.journalEntries += entryRows.length;
  }

  // The gateway balances move by the same deltas the API applies, summed exactly per account.
  for (const [gatewayId, delta] of deltas) {
    await db
      .update(gatewayAccounts)
      .set({ totalBalance: sql`${gatewayAccounts.totalBalance} + ${delta}::numeric` })
      .where(eq(gatewayAccounts.id, gatewayId));
  }
}

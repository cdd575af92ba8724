/**
 * Ledger postings for the money events, without SQL: which financial account types move, on which
 * side, by how much, and to which GL accounts the account mappings send them. The caller writes the
 * returned journal and the gateway balance change in one database transaction; when this module
 * throws, nothing is written. The chart and the reasons behind it are in docs/ledger.md.
 */
import type { FinancialAccountType } from '@contract/account-mapping';
import { compare, fitsDatabase, isDecimal, isPositive, negate, normalize, sub, sum } from '@contract/decimal';
import type { EntryType } from '@contract/journal-entry';

export const LEDGER_EVENT_TYPES = [
  'PAYMENT_RECEIVED',
  'PAYOUT_REQUESTED',
  'PAYOUT_APPROVED',
  'PAYOUT_REJECTED',
  // Issue 22: refunds and chargebacks (server/domain/money-flows.ts builds their journals).
  'REFUND_ISSUED',
  'CHARGEBACK_OPENED',
  'CHARGEBACK_WON',
  'CHARGEBACK_LOST',
] as const;
/** Also the `journals.event_type` the caller stores. */
export type LedgerEventType = (typeof LEDGER_EVENT_TYPES)[number];

interface EventBase {
  /** The transaction amount: positive, at most 6 decimals (numeric(24,6)). */
  amount: string;
  /** The transaction's payment method; null for an internal movement. */
  payment_method_id: string | null;
  /** The txn_ref, for the description. */
  reference?: string | null;
}

/** A collection succeeded: the customer paid `amount`, of which `fee` is the platform's charge. */
export interface PaymentReceived extends EventBase {
  type: 'PAYMENT_RECEIVED';
  /** From computeFee: 0 <= fee <= amount. */
  fee: string;
  /** The charge the fee came from (computeFee's charge_id); null when none applied. */
  charge_id: string | null;
}

/** A merchant asked to withdraw `amount` (the transaction is PAY_OUT). */
export interface PayoutRequested extends EventBase {
  type: 'PAYOUT_REQUESTED';
}

/** A line as the database keeps it (journal_entries has no financial account type). */
export interface PostedLine {
  gl_account_id: string;
  entry_type: EntryType;
  amount: string;
}

/** A PAY_OUT request was approved (paid out) or rejected (reversed). */
export interface PayoutDecided extends EventBase {
  type: 'PAYOUT_APPROVED' | 'PAYOUT_REJECTED';
  /**
   * The lines the request posted, as stored. When given, the suspense (and, on rejection, the
   * merchant payable) is cleared in the very GL accounts the request used, even if the mappings
   * changed since; without them the accounts are looked up again.
   */
  request_lines?: readonly PostedLine[];
}

export type MoneyEvent = PaymentReceived | PayoutRequested | PayoutDecided;

/** An account mapping row (the contract's AccountMapping fits it). */
export interface MappingRow {
  id: string;
  financial_account_type: FinancialAccountType;
  payment_method_id: string | null;
  gl_account_id: string;
  charge_id: string | null;
  /** Between equally specific rows the newest wins. */
  created_at?: string | Date;
}

export interface JournalLine extends PostedLine {
  /** Which role the GL account plays in this posting (not stored; for tests and logs). */
  financial_account_type: FinancialAccountType;
}

export interface Journal {
  event_type: LedgerEventType;
  description: string;
  /** Debits first. At least two lines, every amount positive, debits equal credits. */
  lines: JournalLine[];
}

/** No mapping serves one of the event's postings: the whole event is refused. */
export class MissingMappingError extends Error {
  override readonly name = 'MissingMappingError';
  constructor(
    readonly event_type: LedgerEventType,
    readonly financial_account_type: FinancialAccountType,
    readonly payment_method_id: string | null,
    readonly charge_id: string | null,
  ) {
    const narrowed = [
      payment_method_id ? `payment method ${payment_method_id}` : null,
      charge_id ? `charge ${charge_id}` : null,
    ].filter(Boolean);
    super(
      `No account mapping for ${financial_account_type}${narrowed.length ? ` (${narrowed.join(', ')})` : ''}: ` +
        `${event_type} cannot be posted`,
    );
  }
}

/** The event itself is not postable (bad amount, fee above amount, request lines that do not fit). */
export class InvalidLedgerEventError extends Error {
  override readonly name = 'InvalidLedgerEventError';
}

/** One posting of the chart, before a GL account is chosen. */
export interface PlannedLine {
  financial_account_type: FinancialAccountType;
  entry_type: EntryType;
  amount: string;
}

function checkAmount(label: string, value: string, allowZero: boolean): string {
  if (!isDecimal(value))
    throw new InvalidLedgerEventError(`${label} ${JSON.stringify(value)} is not a decimal`);
  if (!fitsDatabase(value)) {
    throw new InvalidLedgerEventError(`${label} ${JSON.stringify(value)} does not fit numeric(24,6)`);
  }
  if (compare(value, '0') < 0 || (!allowZero && !isPositive(value))) {
    throw new InvalidLedgerEventError(
      `${label} ${JSON.stringify(value)} must be ${allowZero ? 'zero or more' : 'positive'}`,
    );
  }
  return normalize(value);
}

/**
 * The chart of postings (docs/ledger.md), as financial account types. Zero lines are left out.
 * - PAYMENT_RECEIVED: DEBIT RECEIVE_CONTROL A; CREDIT LIABILITY_TRANSFER A-F; CREDIT INCOME_FROM_CHARGE F.
 * - PAYOUT_REQUESTED: DEBIT LIABILITY_TRANSFER A; CREDIT TRANSFER_SUSPENSE A.
 * - PAYOUT_APPROVED: DEBIT TRANSFER_SUSPENSE A; CREDIT RECEIVE_CONTROL A.
 * - PAYOUT_REJECTED: DEBIT TRANSFER_SUSPENSE A; CREDIT LIABILITY_TRANSFER A (the request reversed).
 */
export function planPostings(event: MoneyEvent): PlannedLine[] {
  const amount = checkAmount('amount', event.amount, false);
  const line = (financial_account_type: FinancialAccountType, entry_type: EntryType, value: string) => ({
    financial_account_type,
    entry_type,
    amount: value,
  });
  switch (event.type) {
    case 'PAYMENT_RECEIVED': {
      const fee = checkAmount('fee', event.fee, true);
      if (compare(fee, amount) > 0) {
        throw new InvalidLedgerEventError(`fee ${fee} is more than the amount ${amount}`);
      }
      const payable = sub(amount, fee);
      return [
        line('RECEIVE_CONTROL', 'DEBIT', amount),
        line('LIABILITY_TRANSFER', 'CREDIT', payable),
        line('INCOME_FROM_CHARGE', 'CREDIT', fee),
      ].filter((l) => isPositive(l.amount));
    }
    case 'PAYOUT_REQUESTED':
      return [line('LIABILITY_TRANSFER', 'DEBIT', amount), line('TRANSFER_SUSPENSE', 'CREDIT', amount)];
    case 'PAYOUT_APPROVED':
      return [line('TRANSFER_SUSPENSE', 'DEBIT', amount), line('RECEIVE_CONTROL', 'CREDIT', amount)];
    case 'PAYOUT_REJECTED':
      return [line('TRANSFER_SUSPENSE', 'DEBIT', amount), line('LIABILITY_TRANSFER', 'CREDIT', amount)];
  }
}

function createdAtMs(m: MappingRow): number {
  if (m.created_at === undefined) return Number.NEGATIVE_INFINITY;
  const t = m.created_at instanceof Date ? m.created_at.getTime() : Date.parse(m.created_at);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/**
 * How specifically a mapping fits (higher is closer), or -1 when it is narrowed to another payment
 * method or charge. The payment method weighs more than the charge: the GL account usually
 * follows where the money is (the bank or wallet), the charge only splits income.
 */
function specificity(m: MappingRow, paymentMethodId: string | null, chargeId: string | null): number {
  if (m.payment_method_id !== null && m.payment_method_id !== paymentMethodId) return -1;
  if (m.charge_id !== null && m.charge_id !== chargeId) return -1;
  return (m.payment_method_id !== null ? 2 : 0) + (m.charge_id !== null ? 1 : 0);
}

/**
 * The mapping that serves a financial account type for this payment method and charge: the most
 * specific (payment method and charge > payment method > charge > neither), then the newest
 * created_at, then the greater id. Null when none applies.
 */
export function resolveMapping(
  mappings: readonly MappingRow[],
  type: FinancialAccountType,
  context: { payment_method_id: string | null; charge_id?: string | null },
): MappingRow | null {
  const chargeId = context.charge_id ?? null;
  let best: MappingRow | null = null;
  let bestScore = -1;
  for (const m of mappings) {
    if (m.financial_account_type !== type) continue;
    const score = specificity(m, context.payment_method_id, chargeId);
    if (score < 0) continue;
    if (best === null || score > bestScore || (score === bestScore && isNewer(m, best))) {
      best = m;
      bestScore = score;
    }
  }
  return best;
}

function isNewer(a: MappingRow, b: MappingRow): boolean {
  const ta = createdAtMs(a);
  const tb = createdAtMs(b);
  if (ta !== tb) return ta > tb;
  return a.id > b.id;
}

/**
 * The GL accounts a PAY_OUT request used, from its stored lines: it debited the merchant payable
 * and credited the suspense, each with the whole amount.
 */
function requestAccounts(
  lines: readonly PostedLine[],
  amount: string,
): Partial<Record<FinancialAccountType, string>> {
  const debits = lines.filter((l) => l.entry_type === 'DEBIT');
  const credits = lines.filter((l) => l.entry_type === 'CREDIT');
  const [debit] = debits;
  const [credit] = credits;
  if (
    debits.length !== 1 ||
    credits.length !== 1 ||
    !debit ||
    !credit ||
    compare(debit.amount, amount) !== 0 ||
    compare(credit.amount, amount) !== 0
  ) {
    throw new InvalidLedgerEventError(
      `the request lines are not a payout request of ${amount} (one debit and one credit of the amount)`,
    );
  }
  return { LIABILITY_TRANSFER: debit.gl_account_id, TRANSFER_SUSPENSE: credit.gl_account_id };
}

function describeEvent(event: MoneyEvent, lines: readonly PlannedLine[]): string {
  const ref = event.reference ? ` ${event.reference}` : '';
  const amount = normalize(event.amount);
  switch (event.type) {
    case 'PAYMENT_RECEIVED': {
      const fee = normalize(event.fee);
      const payable = lines.find((l) => l.financial_account_type === 'LIABILITY_TRANSFER')?.amount ?? '0';
      return `Payment${ref} received: ${amount}, fee ${fee}, ${payable} payable to the merchant`;
    }
    case 'PAYOUT_REQUESTED':
      return `Payout${ref} requested: ${amount} held in transfer suspense`;
    case 'PAYOUT_APPROVED':
      return `Payout${ref} approved: ${amount} paid out`;
    case 'PAYOUT_REJECTED':
      return `Payout${ref} rejected: ${amount} returned to the merchant payable`;
  }
}

/**
 * The balanced journal of a money event. Every posting's GL account comes from the mappings
 * (resolveMapping); if any posting has none, MissingMappingError is thrown before anything is
 * returned, so the caller writes nothing. Bad amounts throw InvalidLedgerEventError.
 */
export function buildJournal(event: MoneyEvent, mappings: readonly MappingRow[]): Journal {
  const planned = planPostings(event);
  const chargeId = event.type === 'PAYMENT_RECEIVED' ? event.charge_id : null;
  const fromRequest =
    (event.type === 'PAYOUT_APPROVED' || event.type === 'PAYOUT_REJECTED') && event.request_lines
      ? requestAccounts(event.request_lines, normalize(event.amount))
      : {};
  const lines: JournalLine[] = planned.map((p) => {
    const glAccountId =
      fromRequest[p.financial_account_type] ??
      resolveMapping(mappings, p.financial_account_type, {
        payment_method_id: event.payment_method_id,
        charge_id: chargeId,
      })?.gl_account_id;
    if (glAccountId === undefined) {
      throw new MissingMappingError(event.type, p.financial_account_type, event.payment_method_id, chargeId);
    }
    return { ...p, gl_account_id: glAccountId };
  });
  lines.sort((a, b) => (a.entry_type === b.entry_type ? 0 : a.entry_type === 'DEBIT' ? -1 : 1));
  const journal: Journal = { event_type: event.type, description: describeEvent(event, planned), lines };
  assertBalanced(journal.lines);
  return journal;
}

/** Sum of debits and of credits. */
export function journalTotals(lines: readonly PostedLine[]): { debit: string; credit: string } {
  return {
    debit: sum(lines.filter((l) => l.entry_type === 'DEBIT').map((l) => l.amount)),
    credit: sum(lines.filter((l) => l.entry_type === 'CREDIT').map((l) => l.amount)),
  };
}

/** At least two lines, every amount positive, debits equal credits. */
export function isBalanced(lines: readonly PostedLine[]): boolean {
  if (lines.length < 2 || !lines.every((l) => isDecimal(l.amount) && isPositive(l.amount))) return false;
  const { debit, credit } = journalTotals(lines);
  return compare(debit, credit) === 0;
}

/** Throws unless isBalanced: a last guard before anything reaches the database. */
export function assertBalanced(lines: readonly PostedLine[]): void {
  if (!isBalanced(lines)) {
    const { debit, credit } = journalTotals(lines);
    throw new InvalidLedgerEventError(`journal does not balance: debits ${debit}, credits ${credit}`);
  }
}

/** The lines that undo `lines`: same accounts and amounts, sides swapped (debits first). */
export function reverseLines<T extends PostedLine>(lines: readonly T[]): T[] {
  return lines
    .map((l) => ({ ...l, entry_type: l.entry_type === 'DEBIT' ? 'CREDIT' : 'DEBIT' }) as T)
    .sort((a, b) => (a.entry_type === b.entry_type ? 0 : a.entry_type === 'DEBIT' ? -1 : 1));
}

/**
 * Net movement per GL account (debits minus credits) of some lines: what a trial balance adds up.
 * Every balanced journal's movements sum to zero.
 */
export function accountMovements(lines: readonly PostedLine[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of lines) {
    const signed = l.entry_type === 'DEBIT' ? l.amount : negate(l.amount);
    out.set(l.gl_account_id, sum([out.get(l.gl_account_id) ?? '0', signed]));
  }
  return out;
}

/**
 * How the event changes the total_balance of the transaction's gateway account: the money that
 * actually enters or leaves the platform's account at the bank or wallet. It equals the event's
 * RECEIVE_CONTROL movement (debits minus credits): +A when a payment is received, -A when a payout
 * is approved, 0 for a request or a rejection (no money moves at the gateway). Signed, normalised.
 */
export function gatewayBalanceDelta(event: MoneyEvent): string {
  const amount = checkAmount('amount', event.amount, false);
  switch (event.type) {
    case 'PAYMENT_RECEIVED':
      return amount;
    case 'PAYOUT_APPROVED':
      return negate(amount);
    case 'PAYOUT_REQUESTED':
    case 'PAYOUT_REJECTED':
      return '0';
  }
}

/**
 * Ledger postings of refunds and chargebacks (issue 22), without SQL, in the same financial account
 * types as the payout flow (docs/ledger.md, "Refunds and chargebacks"):
 *
 * - REFUND_ISSUED (refund R, fee F): DEBIT LIABILITY_TRANSFER R+F; CREDIT RECEIVE_CONTROL R;
 *   CREDIT INCOME_FROM_CHARGE F. The money leaves the gateway account (-R); the merchant bears it.
 * - CHARGEBACK_OPENED (disputed D, fee F): DEBIT LIABILITY_TRANSFER D+F; CREDIT TRANSFER_SUSPENSE D;
 *   CREDIT INCOME_FROM_CHARGE F. The merchant's payable is held while the bank decides; no money
 *   moves at the gateway yet.
 * - CHARGEBACK_WON: DEBIT TRANSFER_SUSPENSE D; CREDIT LIABILITY_TRANSFER D (returned to the merchant).
 * - CHARGEBACK_LOST: DEBIT TRANSFER_SUSPENSE D; CREDIT RECEIVE_CONTROL D (the scheme takes it: -D
 *   at the gateway).
 *
 * A chargeback's fee stays charged whatever the outcome, as card schemes charge it.
 */
import type { FinancialAccountType } from '@contract/account-mapping';
import { add, compare, fitsDatabase, isDecimal, isPositive, negate, normalize } from '@contract/decimal';
import type { EntryType } from '@contract/journal-entry';
import {
  assertBalanced,
  InvalidLedgerEventError,
  type Journal,
  type JournalLine,
  type MappingRow,
  MissingMappingError,
  type PlannedLine,
  resolveMapping,
} from './ledger';

interface FlowBase {
  amount: string;
  payment_method_id: string | null;
  /** The payment's txn_ref, for the description. */
  reference: string;
}

export interface RefundIssued extends FlowBase {
  type: 'REFUND_ISSUED';
  fee: string;
  charge_id: string | null;
}

export interface ChargebackOpened extends FlowBase {
  type: 'CHARGEBACK_OPENED';
  fee: string;
  charge_id: string | null;
}

export interface ChargebackDecided extends FlowBase {
  type: 'CHARGEBACK_WON' | 'CHARGEBACK_LOST';
  /**
   * The GL account the opening credited as transfer suspense (stored on the dispute). When given,
   * the decision clears that very account, even if the mappings changed since the opening; without
   * it (a chargeback opened before it was stored) the account is looked up again.
   */
  suspense_gl_account_id?: string | null;
}

export type MoneyFlowEvent = RefundIssued | ChargebackOpened | ChargebackDecided;

function checked(label: string, value: string, allowZero: boolean): string {
  if (!isDecimal(value) || !fitsDatabase(value)) {
    throw new InvalidLedgerEventError(`${label} ${JSON.stringify(value)} is not a storable decimal`);
  }
  if (compare(value, '0') < 0 || (!allowZero && !isPositive(value))) {
    throw new InvalidLedgerEventError(
      `${label} ${JSON.stringify(value)} must be ${allowZero ? 'zero or more' : 'positive'}`,
    );
  }
  return normalize(value);
}

function line(
  financial_account_type: FinancialAccountType,
  entry_type: EntryType,
  amount: string,
): PlannedLine {
  return { financial_account_type, entry_type, amount };
}

export function planMoneyFlow(event: MoneyFlowEvent): PlannedLine[] {
  const amount = checked('amount', event.amount, false);
  switch (event.type) {
    case 'REFUND_ISSUED':
    case 'CHARGEBACK_OPENED': {
      const fee = checked('fee', event.fee, true);
      const held = event.type === 'REFUND_ISSUED' ? 'RECEIVE_CONTROL' : 'TRANSFER_SUSPENSE';
      return [
        line('LIABILITY_TRANSFER', 'DEBIT', add(amount, fee)),
        line(held, 'CREDIT', amount),
        line('INCOME_FROM_CHARGE', 'CREDIT', fee),
      ].filter((l) => isPositive(l.amount));
    }
    case 'CHARGEBACK_WON':
      return [line('TRANSFER_SUSPENSE', 'DEBIT', amount), line('LIABILITY_TRANSFER', 'CREDIT', amount)];
    case 'CHARGEBACK_LOST':
      return [line('TRANSFER_SUSPENSE', 'DEBIT', amount), line('RECEIVE_CONTROL', 'CREDIT', amount)];
  }
}

function describe(event: MoneyFlowEvent): string {
  const amount = normalize(event.amount);
  const ref = event.reference;
  switch (event.type) {
    case 'REFUND_ISSUED':
      return `Refund of payment ${ref}: ${amount} returned to the customer, fee ${normalize(event.fee)}`;
    case 'CHARGEBACK_OPENED':
      return `Chargeback on payment ${ref} opened: ${amount} held in transfer suspense, fee ${normalize(event.fee)}`;
    case 'CHARGEBACK_WON':
      return `Chargeback on payment ${ref} won: ${amount} returned to the merchant payable`;
    case 'CHARGEBACK_LOST':
      return `Chargeback on payment ${ref} lost: ${amount} taken back by the customer's bank`;
  }
}

/** The balanced journal; MissingMappingError when a posting has no account mapping (nothing is written). */
export function buildMoneyFlowJournal(event: MoneyFlowEvent, mappings: readonly MappingRow[]): Journal {
  const chargeId = 'charge_id' in event ? event.charge_id : null;
  const opened =
    (event.type === 'CHARGEBACK_WON' || event.type === 'CHARGEBACK_LOST') && event.suspense_gl_account_id
      ? event.suspense_gl_account_id
      : null;
  const lines: JournalLine[] = planMoneyFlow(event).map((p) => {
    if (opened && p.financial_account_type === 'TRANSFER_SUSPENSE') return { ...p, gl_account_id: opened };
    const mapping = resolveMapping(mappings, p.financial_account_type, {
      payment_method_id: event.payment_method_id,
      charge_id: chargeId,
    });
    if (!mapping) {
      throw new MissingMappingError(event.type, p.financial_account_type, event.payment_method_id, chargeId);
    }
    return { ...p, gl_account_id: mapping.gl_account_id };
  });
  lines.sort((a, b) => (a.entry_type === b.entry_type ? 0 : a.entry_type === 'DEBIT' ? -1 : 1));
  assertBalanced(lines);
  return { event_type: event.type, description: describe(event), lines };
}

/** The gateway account's balance change: its RECEIVE_CONTROL movement (money leaving is negative). */
export function moneyFlowGatewayDelta(event: MoneyFlowEvent): string {
  const amount = checked('amount', event.amount, false);
  return event.type === 'REFUND_ISSUED' || event.type === 'CHARGEBACK_LOST' ? negate(amount) : '0';
}

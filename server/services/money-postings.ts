/**
 * Posting a money event (docs/ledger.md), the one way payouts, platform payments, refunds and
 * chargebacks reach the books, inside the caller's database transaction:
 *
 * 1. `chargeFor`: the fee of the currency's charge of the event's charge time in force on the date
 *    (the fee engine: flat, percent or ranged); with `requiredFor`, no charge in force refuses (409);
 * 2. `postMoneyEvent`: the balanced journal through the account mappings (buildJournal for payments
 *    and payouts, buildMoneyFlowJournal for refunds and chargebacks), the gateway account's balance
 *    move, then the journal and its entries (postJournal, which also refuses a closed period).
 *
 * A missing mapping or charge, a gateway that cannot cover the move, or a closed period is an
 * ApiError 409 thrown before or while writing, so the caller's transaction rolls back with nothing
 * written. The currency, its charges and the mappings are read in one statement, once per
 * transaction (the fee and the journal of one event share the read).
 */

import type { ChargeTime } from '@contract/charge';
import { API_LEDGER_ERRORS } from '@contract/messages';
import { PAYMENT_ERRORS } from '@contract/payment';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/connect';
import { postJournalMovingGateway } from '../db/ledger-store';
import { loadPostingInputs, type PostingInputs } from '../db/queries/money-flows';
import { computeFee } from '../domain/fees';
import {
  buildJournal,
  gatewayBalanceDelta,
  type Journal,
  MissingMappingError,
  type MoneyEvent,
} from '../domain/ledger';
import { buildMoneyFlowJournal, type MoneyFlowEvent, moneyFlowGatewayDelta } from '../domain/money-flows';
import { ApiError } from '../http/envelope';

/** Every event the ledger posts. */
export type PostableEvent = MoneyEvent | MoneyFlowEvent;

/**
 * Per transaction (the executor object drizzle hands the work) and currency: the inputs are read
 * once, then shared by the fee and the journal. A new transaction reads them afresh, so a mapping
 * or charge changed by staff counts from the next event on.
 */
const inputsOf = new WeakMap<Executor, Map<string, Promise<PostingInputs>>>();

function inputsCacheOf(tx: Executor): Map<string, Promise<PostingInputs>> {
  let perCurrency = inputsOf.get(tx);
  if (!perCurrency) {
    perCurrency = new Map();
    inputsOf.set(tx, perCurrency);
  }
  return perCurrency;
}

/**
 * Inputs the transaction read with another statement (a payment's row lock reads its currency's
 * with it: server/services/payment-events.ts), so the fee and journal need no read of their own.
 */
export function rememberPostingInputs(tx: Executor, currencyId: string, inputs: PostingInputs): void {
  inputsCacheOf(tx).set(currencyId, Promise.resolve(inputs));
}

export function postingInputs(tx: Executor, currencyId: string | null): Promise<PostingInputs> {
  const perCurrency = inputsCacheOf(tx);
  const key = currencyId ?? '';
  let inputs = perCurrency.get(key);
  if (!inputs) {
    inputs = loadPostingInputs(tx, currencyId);
    // A failed read is not kept: the transaction is failing anyway, and a retry reads again.
    inputs.catch(() => perCurrency.delete(key));
    perCurrency.set(key, inputs);
  }
  return inputs;
}

export interface ChargeRequest {
  currencyId: string;
  amount: string;
  chargeTime: ChargeTime;
  /** The event's date: charges dated after it are not in force. */
  on: Date;
  /**
   * Refuse (409 naming the currency) when no charge is in force: a platform payment must be priced.
   * Without it, no charge is a zero fee (refunds, chargebacks).
   */
  required?: boolean;
}

/** The fee and the charge it came from (null when none applied). */
export async function chargeFor(
  tx: Executor,
  request: ChargeRequest,
): Promise<{ fee: string; charge_id: string | null }> {
  const { currency, charges } = await postingInputs(tx, request.currencyId);
  if (!currency) throw new Error(`currency ${request.currencyId} not found`);
  const { fee, charge_id } = computeFee({
    amount: request.amount,
    currency,
    charges,
    chargeTime: request.chargeTime,
    on: request.on,
  });
  if (request.required && charge_id === null) {
    throw new ApiError(409, PAYMENT_ERRORS.missingCharge(currency.code));
  }
  return { fee, charge_id };
}

export interface PostingOptions {
  /** The transaction the journal belongs to. */
  transactionId: string;
  /** Whose balance moves; null for an event without one. */
  gatewayAccountId: string | null;
  /** The currency whose inputs this transaction may already hold (else only the mappings are read). */
  currencyId?: string | null;
  now: Date;
  /** Whose action this is; absent for the platform's and the system's postings. */
  postedBy?: Actor | undefined;
  /** How a missing mapping's 409 names the event ("payment", "refund", "payout approval", …). */
  label: string;
  /** The 409 when the gateway account cannot cover a move out of it. */
  cannotCover?: string;
}

const FLOW_TYPES: ReadonlySet<PostableEvent['type']> = new Set([
  'REFUND_ISSUED',
  'CHARGEBACK_OPENED',
  'CHARGEBACK_WON',
  'CHARGEBACK_LOST',
]);

function isFlow(event: PostableEvent): event is MoneyFlowEvent {
  return FLOW_TYPES.has(event.type);
}

/** The journal and the gateway move of an event, through the mappings; pure. */
function planEvent(
  event: PostableEvent,
  mappings: PostingInputs['mappings'],
): { journal: Journal; delta: string } {
  return isFlow(event)
    ? { journal: buildMoneyFlowJournal(event, mappings), delta: moneyFlowGatewayDelta(event) }
    : { journal: buildJournal(event, mappings), delta: gatewayBalanceDelta(event) };
}

/**
 * Posts the event's journal and moves the gateway balance; returns the journal's id and lines (with
 * the role each GL account played, so a later stage can clear the very account used). ApiError 409
 * (and so the caller's rollback) when a posting has no mapping, the gateway cannot cover the move,
 * or the period is closed.
 */
export async function postMoneyEvent(
  tx: Executor,
  event: PostableEvent,
  options: PostingOptions,
): Promise<{ journalId: string; journal: Journal }> {
  const { mappings } = await postingInputs(tx, options.currencyId ?? null);
  let planned: ReturnType<typeof planEvent>;
  try {
    planned = planEvent(event, mappings);
  } catch (error) {
    if (error instanceof MissingMappingError) {
      throw new ApiError(
        409,
        API_LEDGER_ERRORS.missingAccountMapping(error.financial_account_type, options.label),
      );
    }
    throw error;
  }
  // The journal first, then the balance (decision 051): the gateway account's row, which every
  // event of that gateway updates, stays locked from the move to commit only. A positive or zero
  // delta always applies; a move out applies only while the balance covers it.
  const journalId = await postJournalMovingGateway(tx, planned.journal, {
    transactionId: options.transactionId,
    now: options.now,
    postedBy: options.postedBy,
    gatewayAccountId: options.gatewayAccountId,
    delta: planned.delta,
  });
  if (journalId === undefined) {
    throw new ApiError(409, options.cannotCover ?? API_LEDGER_ERRORS.gatewayCannotCover);
  }
  return { journalId, journal: planned.journal };
}

/**
 * Chargebacks (issue 22). Opening one locks the payment row (as a refund does), so refunds and
 * chargebacks together never take more than the payment holds; it takes the currency's
 * CHARGE_BACK_FEE charge and posts CHARGEBACK_OPENED. Deciding it is one conditional UPDATE
 * (`… WHERE status = 'OPEN'`): of two decisions at once, PostgreSQL re-checks the second after the
 * first commits and it finds nothing to change (409), with nothing written. WON returns the held
 * amount to the merchant; LOST sends it out through the gateway account, each clearing the suspense
 * account the opening credited (kept on the dispute). Postings go through
 * server/services/money-postings.ts; docs/ledger.md has them.
 */
import { compare, normalize } from '@contract/decimal';
import { DISPUTE_MESSAGES, type Dispute, type DisputeDecision } from '@contract/dispute';
import { API_ERRORS } from '@contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import {
  findDispute,
  isRefundablePayment,
  lockPayment,
  paymentTotals,
  remaining,
} from '../db/queries/money-flows';
import { disputes, transactions } from '../db/schema';
import { ApiError } from '../http/envelope';
import { recordAudit } from './audit-log';
import { publishLiveEvent } from './live-events';
import { chargeFor, postMoneyEvent } from './money-postings';
import type { MoneyActor, MoneyContext } from './refund';

export interface DisputeInput {
  paymentId: string;
  amount: string;
  reason: string;
  /** YYYY-MM-DD. */
  responseDue: string;
}

/** Staff (their token) or the platform (an API client, named as the actor with kind platform). */
export interface DisputeOpener {
  kind: 'staff' | 'platform';
  actor: MoneyActor;
}

export const GATEWAY_CANNOT_COVER_CHARGEBACK =
  'The gateway account cannot cover this chargeback: its balance is less than the amount.';

export function openDispute(
  db: Executor,
  input: DisputeInput,
  opener: DisputeOpener,
  context: MoneyContext = { now: new Date() },
): Promise<Dispute> {
  const { now } = context;
  return db
    .transaction(async (tx) => {
      // A chargeback names its payment in the body: an unknown one is the body's fault (404 is
      // kept for the path's resource, as elsewhere).
      const payment = await lockPayment(tx, input.paymentId);
      if (!payment) throw new ApiError(404, API_ERRORS.notFound('Transaction'));
      if (!isRefundablePayment(payment)) throw new ApiError(409, DISPUTE_MESSAGES.notAPayment);

      const amount = normalize(input.amount);
      const { open } = remaining(normalize(payment.amount), await paymentTotals(tx, payment.id));
      if (compare(amount, open) > 0) throw new ApiError(409, DISPUTE_MESSAGES.tooMuch(open));

      const { fee, charge_id } = await chargeFor(tx, {
        currencyId: payment.currencyId,
        amount,
        chargeTime: 'CHARGE_BACK_FEE',
        on: now,
      });
      const { journal } = await postMoneyEvent(
        tx,
        {
          type: 'CHARGEBACK_OPENED',
          amount,
          fee,
          charge_id,
          payment_method_id: payment.paymentMethodId,
          reference: payment.txnRef,
        },
        {
          transactionId: payment.id,
          gatewayAccountId: payment.gatewayAccountId,
          currencyId: payment.currencyId,
          now,
          postedBy: opener.kind === 'staff' ? opener.actor : undefined,
          label: 'chargeback',
          cannotCover: GATEWAY_CANNOT_COVER_CHARGEBACK,
        },
      );
      const [row] = await tx
        .insert(disputes)
        .values({
          paymentId: payment.id,
          amount,
          fee,
          reason: input.reason.trim(),
          responseDue: input.responseDue,
          status: 'OPEN',
          openedByKind: opener.kind,
          // Staff: their user id; the platform: its API client's id.
          openedById: opener.actor.id,
          openedByName: opener.actor.name,
          // The decision clears this account, whatever the mappings say by then.
          suspenseGlAccountId:
            journal.lines.find((l) => l.financial_account_type === 'TRANSFER_SUSPENSE')?.gl_account_id ??
            null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: disputes.id });
      if (!row) throw new Error('dispute insert returned no row');

      await recordAudit(tx, {
        actor:
          opener.kind === 'staff'
            ? { id: opener.actor.id, name: opener.actor.name, email: opener.actor.email ?? '' }
            : null,
        action: 'dispute.open',
        resource: { type: 'dispute', id: row.id },
        after: { payment_id: payment.id, amount, fee, opened_by: opener.kind, opener: opener.actor.name },
        address: context.address ?? null,
        at: now,
      });
      await publishLiveEvent(tx, { kind: 'dispute', id: row.id });
      return row.id;
    })
    .then(async (id) => {
      const dispute = await findDispute(db, id);
      if (!dispute) throw new Error(`dispute ${id} vanished`);
      return dispute;
    });
}

export interface DisputeDecisionInput {
  id: string;
  decision: DisputeDecision;
  notes: string;
}

/** 404 when there is no such chargeback; 409 when it is no longer OPEN (someone decided first). */
export function decideDispute(
  db: Executor,
  input: DisputeDecisionInput,
  actor: MoneyActor,
  context: MoneyContext = { now: new Date() },
): Promise<Dispute> {
  const { now } = context;
  return db
    .transaction(async (tx) => {
      const [decided] = await tx
        .update(disputes)
        .set({
          status: input.decision,
          notes: input.notes.trim(),
          decidedById: actor.id,
          decidedByName: actor.name,
          decidedAt: now,
          updatedAt: now,
        })
        .where(and(eq(disputes.id, input.id), eq(disputes.status, 'OPEN')))
        .returning();
      if (!decided) {
        const [existing] = await tx
          .select({ status: disputes.status })
          .from(disputes)
          .where(eq(disputes.id, input.id));
        if (!existing) throw new ApiError(404, API_ERRORS.notFound('Chargeback'));
        throw new ApiError(409, DISPUTE_MESSAGES.notOpen(existing.status));
      }
      const [payment] = await tx.select().from(transactions).where(eq(transactions.id, decided.paymentId));
      if (!payment) throw new Error(`payment ${decided.paymentId} of dispute ${decided.id} not found`);
      await postMoneyEvent(
        tx,
        {
          type: input.decision === 'WON' ? 'CHARGEBACK_WON' : 'CHARGEBACK_LOST',
          amount: normalize(decided.amount),
          payment_method_id: payment.paymentMethodId,
          reference: payment.txnRef,
          suspense_gl_account_id: decided.suspenseGlAccountId,
        },
        {
          transactionId: payment.id,
          gatewayAccountId: payment.gatewayAccountId,
          now,
          postedBy: actor,
          label: 'chargeback decision',
          cannotCover: GATEWAY_CANNOT_COVER_CHARGEBACK,
        },
      );
      await recordAudit(tx, {
        actor: { id: actor.id, name: actor.name, email: actor.email ?? '' },
        action: 'dispute.decide',
        resource: { type: 'dispute', id: decided.id },
        before: { status: 'OPEN' },
        after: { status: input.decision, notes: decided.notes },
        address: context.address ?? null,
        at: now,
      });
      await publishLiveEvent(tx, { kind: 'dispute', id: decided.id });
      return decided.id;
    })
    .then(async (id) => {
      const dispute = await findDispute(db, id);
      if (!dispute) throw new Error(`dispute ${id} vanished`);
      return dispute;
    });
}

/**
 * Refunds, chargebacks and the live event stream, as the reference server answers them (issue 22):
 * the same limits (a successful payment only, never more than is left), with the fee from the
 * store's charges when a flat one of the charge time exists. Writes announce themselves on the
 * open mock streams, so component tests see the console refetch without a reload.
 */

import { compare, min, normalize, sub, sum } from '@contract/decimal';
import { DISPUTE_MESSAGES, type Dispute, type DisputePayload } from '@contract/dispute';
import { LIVE_EVENT_PERMISSIONS, LIVE_STREAM_EVENTS, type LiveEvent } from '@contract/live-events';
import { API_ERRORS } from '@contract/messages';
import { disputeOperations, liveEventOperations, refundOperations } from '@contract/operations/money-flows';
import { hasPermission, type PermissionMap } from '@contract/permissions';
import { REFUND_MESSAGES, type Refund } from '@contract/refund';
import type { Transaction } from '@contract/transaction';
import { allTransactions } from '../data/transactions';
import { db } from '../db';
import { actorOf, failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';
import { refundApprovalAnswer } from './approvals';

const NOT_FOUND = API_ERRORS.notFound('Transaction');

function findTransaction(id: string): Transaction | undefined {
  return allTransactions(db.merchants).find((t) => t.id === id);
}

function flatFee(t: Transaction, chargeTime: 'REFUND_FEE' | 'CHARGE_BACK_FEE', amount: string): string {
  const code = t.transaction_method.currency.name_code;
  const charge = db.charges.find(
    (c) =>
      c.charge_time === chargeTime &&
      c.charge_calculation_method === 'FLAT' &&
      !c.is_range &&
      db.currencies.find((cur) => cur.id === c.currency_id)?.name_code === code,
  );
  return charge ? min(normalize(String(charge.amount)), amount) : '0';
}

function totals(paymentId: string) {
  const refunded = sum(db.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount));
  const of = (status: Dispute['status']) =>
    sum(db.disputes.filter((d) => d.payment.id === paymentId && d.status === status).map((d) => d.amount));
  return { refunded, disputed: of('OPEN'), chargedBack: of('LOST') };
}

function remaining(t: Transaction) {
  const { refunded, disputed, chargedBack } = totals(t.id);
  const balance = sub(sub(t.amount, refunded), chargedBack);
  return { refunded, disputed, chargedBack, balance, open: sub(balance, disputed) };
}

const isPayment = (t: Transaction) => t.type === 'PAYMENT' && t.status === 'SUCCESS';

/** Open mock streams: each with its holder's permissions. */
const streams = new Set<{ access: PermissionMap | undefined; send: (text: string) => void }>();

export function announceMock(event: LiveEvent): void {
  for (const s of streams) {
    if (hasPermission(s.access, LIVE_EVENT_PERMISSIONS[event.kind])) {
      s.send(`event: ${LIVE_STREAM_EVENTS.change}\ndata: ${JSON.stringify(event)}\n\n`);
    }
  }
}

function withBalance(d: Dispute): Dispute {
  const t = findTransaction(d.payment.id);
  return t ? { ...d, payment: { ...d.payment, balance: remaining(t).balance } } : d;
}

function newDispute(t: Transaction, body: DisputePayload, opened_by: Dispute['opened_by']): Dispute {
  return {
    id: crypto.randomUUID(),
    status: 'OPEN',
    amount: normalize(body.amount),
    fee: flatFee(t, 'CHARGE_BACK_FEE', body.amount),
    reason: body.reason,
    response_due: body.response_due,
    payment: {
      id: t.id,
      txn_ref: t.reference.txn_ref,
      amount: t.amount,
      currency: {
        name_code: t.transaction_method.currency.name_code,
        decimal_places: t.transaction_method.currency.decimal_places,
      },
      merchant: t.merchant,
      balance: remaining(t).balance,
    },
    opened_by,
    notes: null,
    decided_at: null,
    decided_by: null,
    created_at: new Date().toISOString(),
  };
}

export const moneyFlowHandlers = [
  mock(refundOperations.ofTransaction, ({ params }) => {
    const t = findTransaction(params.id);
    if (!t) return failure(404, NOT_FOUND);
    const link = db.refunds.find((r) => r.id === t.id);
    const payment = isPayment(t);
    const left = remaining(t);
    return {
      transaction_id: t.id,
      refundable: payment,
      amount: t.amount,
      refunded_amount: left.refunded,
      disputed_amount: left.disputed,
      charged_back_amount: left.chargedBack,
      balance: payment ? left.balance : '0',
      refundable_amount: payment ? left.open : '0',
      refunds: db.refunds.filter((r) => r.payment_id === t.id),
      refund_of: link ? { id: link.payment_id, txn_ref: link.payment_txn_ref, amount: t.amount } : null,
    };
  }),

  mock(refundOperations.create, ({ params, body, request }) => {
    const t = findTransaction(params.id);
    if (!t) return failure(404, NOT_FOUND);
    if (!isPayment(t)) return failure(409, REFUND_MESSAGES.notAPayment);
    const { open } = remaining(t);
    if (compare(body.amount, open) > 0) return failure(409, REFUND_MESSAGES.tooMuch(open));
    const waiting = refundApprovalAnswer(request, t, body);
    if (waiting) return waiting;
    const count = db.refunds.filter((r) => r.payment_id === t.id).length;
    const refund: Refund = {
      id: crypto.randomUUID(),
      txn_ref: `${t.reference.txn_ref}-R${count + 1}`,
      payment_id: t.id,
      payment_txn_ref: t.reference.txn_ref,
      amount: normalize(body.amount),
      fee: flatFee(t, 'REFUND_FEE', body.amount),
      reason: body.reason,
      created_at: new Date().toISOString(),
      created_by: actorOf(request),
    };
    db.refunds.push(refund);
    announceMock({ kind: 'refund', id: refund.id });
    return refund;
  }),

  mock(disputeOperations.list, ({ query }) => {
    const status = query.status?.toUpperCase();
    const term = query.search_term?.toLowerCase();
    const found = db.disputes
      .filter(
        (d) =>
          (!status || d.status === status) &&
          (!query.from || d.created_at.slice(0, 10) >= query.from) &&
          (!query.to || d.created_at.slice(0, 10) <= query.to) &&
          (!term || d.payment.txn_ref.toLowerCase().includes(term)),
      )
      .sort(newestFirst);
    const sorted = sortRows(found, query.sort, {
      values: {
        opened: (d) => d.created_at,
        amount: (d) => d.amount,
        status: (d) => d.status,
        due: (d) => d.response_due,
      },
      decimal: ['amount'],
    });
    return pageOf(sorted.map(withBalance), query.page, query.limit);
  }),

  mock(disputeOperations.detail, ({ params }) => {
    const d = db.disputes.find((x) => x.id === params.id);
    return d ? withBalance(d) : failure(404, API_ERRORS.notFound('Chargeback'));
  }),

  mock(disputeOperations.create, ({ body, request }) => {
    const t = findTransaction(body.payment_id);
    if (!t) return failure(404, NOT_FOUND);
    if (!isPayment(t)) return failure(409, DISPUTE_MESSAGES.notAPayment);
    const { open } = remaining(t);
    if (compare(body.amount, open) > 0) return failure(409, DISPUTE_MESSAGES.tooMuch(open));
    const dispute = newDispute(t, body, { kind: 'staff', actor: actorOf(request) });
    db.disputes.push(dispute);
    announceMock({ kind: 'dispute', id: dispute.id });
    return withBalance(dispute);
  }),

  mock(disputeOperations.platformOpen, ({ body, client }) => {
    const t = findTransaction(body.payment_id);
    if (!t) return failure(404, NOT_FOUND);
    if (!isPayment(t)) return failure(409, DISPUTE_MESSAGES.notAPayment);
    const { open } = remaining(t);
    if (compare(body.amount, open) > 0) return failure(409, DISPUTE_MESSAGES.tooMuch(open));
    const dispute = newDispute(t, body, { kind: 'platform', actor: { id: client.id, name: client.name } });
    db.disputes.push(dispute);
    announceMock({ kind: 'dispute', id: dispute.id });
    return withBalance(dispute);
  }),

  mock(disputeOperations.decide, ({ params, body, request }) => {
    const index = db.disputes.findIndex((x) => x.id === params.id);
    const d = db.disputes[index];
    if (!d) return failure(404, API_ERRORS.notFound('Chargeback'));
    if (d.status !== 'OPEN') return failure(409, DISPUTE_MESSAGES.notOpen(d.status));
    const decided: Dispute = {
      ...d,
      status: body.decision,
      notes: body.notes,
      decided_at: new Date().toISOString(),
      decided_by: actorOf(request),
    };
    db.disputes[index] = decided;
    announceMock({ kind: 'dispute', id: d.id });
    return withBalance(decided);
  }),

  mock(liveEventOperations.stream, ({ claims, request }) => {
    const encoder = new TextEncoder();
    let entry: (typeof streams extends Set<infer T> ? T : never) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const current = {
          access: claims.resource_access,
          send: (text: string) => {
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              if (entry) streams.delete(entry);
            }
          },
        };
        entry = current;
        streams.add(current);
        current.send(': connected\n\n');
        request.signal?.addEventListener('abort', () => {
          streams.delete(current);
          try {
            controller.close();
          } catch {
            // Already closed.
          }
        });
      },
      cancel() {
        if (entry) streams.delete(entry);
      },
    });
    return new Response(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }),
];

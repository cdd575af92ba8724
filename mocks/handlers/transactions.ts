import { compare } from '@contract/decimal';
import { type SortOrder, TRANSACTION_SORT_DEFAULT, type TransactionSortKey } from '@contract/list-sort';
import { API_ERRORS } from '@contract/messages';
import { merchantOperations } from '@contract/operations/merchants';
import { payoutOperations } from '@contract/operations/payouts';
import { transactionOperations } from '@contract/operations/transactions';
import {
  PAYOUT_COMMAND_TARGET,
  PAYOUT_PENDING_STATUS,
  type Transaction,
  type TransactionFilterQuery,
} from '@contract/transaction';
import {
  TRANSACTION_CSV_CONTENT_TYPE,
  TRANSACTION_CSV_HEADER,
  transactionCsvFileName,
  transactionCsvLine,
} from '@contract/transaction-csv';
import { HttpResponse } from 'msw';
import {
  allTransactions,
  buildMerchantTransactions,
  setTransactionStatus,
  transactionDetail,
} from '../data/transactions';
import { db } from '../db';
import { actorOf, failure } from '../http';
import { mock } from '../operation';
import { pageOf } from '../paging';
import { isDefaultOrder } from '../sort';
import { payoutApprovalAnswer } from './approvals';

/** The server's ORDER BY (server/db/queries/transactions.ts transactionOrderBy): the column, then id. */
const SORT_VALUE: Readonly<Record<TransactionSortKey, (t: Transaction) => string>> = {
  date: (t) => t.transaction_date,
  reference: (t) => t.reference.txn_ref,
  customer: (t) => [t.against.customer.first_name ?? '', t.against.customer.last_name ?? ''].join(' ').trim(),
  amount: (t) => t.amount,
  type: (t) => t.type,
  status: (t) => t.status,
};

function sortTransactions(found: Transaction[], order: SortOrder<TransactionSortKey>): Transaction[] {
  const value = SORT_VALUE[order.key];
  const sign = order.direction === 'asc' ? 1 : -1;
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byValue = order.key === 'amount' ? compare : byText;
  return [...found].sort((a, b) => sign * (byValue(value(a), value(b)) || byText(a.id, b.id)));
}

/**
 * What the server's transactionListWhere selects: the scope, then every filter; newest first as
 * stored. The bulk payout decision's `filter` too (./payout-bulk.ts).
 */
export function filterTransactions(query: TransactionFilterQuery) {
  const { status, types, from, to, search_term, reference, merchantId } = query;
  const { amount_min, amount_max, currency, payment_method } = query;
  const scope = allTransactions(db.merchants).filter((t) => !merchantId || t.merchant?.id === merchantId);
  const term = search_term?.toLowerCase();
  const found = scope.filter((t) => {
    const day = t.transaction_date.slice(0, 10);
    const { first_name, last_name, phone_number } = t.against.customer;
    const name = [first_name, last_name].filter(Boolean).join(' ');
    return (
      (status === 'all' || status.includes(t.status)) &&
      types.includes(t.type) &&
      (!from || day >= from) &&
      (!to || day <= to) &&
      (!reference || t.reference.txn_ref === reference) &&
      (!amount_min || compare(t.amount, amount_min) >= 0) &&
      (!amount_max || compare(t.amount, amount_max) <= 0) &&
      (!currency || t.transaction_method.currency.name_code === currency) &&
      (!payment_method || t.transaction_method.payment_method?.code === payment_method) &&
      (!term || [t.reference.txn_ref, name, phone_number ?? ''].some((s) => s.toLowerCase().includes(term)))
    );
  });
  return { scope, found };
}

/** `GET merchants/{id}/transactions` (docs/api.md): the merchant details screen's Transactions tab. */
export const transactionHandlers = [
  mock(merchantOperations.transactions, ({ params, query: { page, limit, status, types, sort } }) => {
    const index = db.merchants.findIndex((m) => m.id === params.id);
    const merchant = db.merchants[index];
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));

    const all = buildMerchantTransactions(merchant, index);
    const found = all.filter((t) => status.includes(t.status) && types.includes(t.type));
    // Built newest first, the default order; any other is the server's (transactionOrderBy).
    const sorted = isDefaultOrder(sort, TRANSACTION_SORT_DEFAULT) ? found : sortTransactions(found, sort);
    return {
      ...pageOf(sorted, page, limit),
      // About the merchant, not the filter (docs/api.md): a filter leaving nothing is not "empty".
      is_empty: all.length === 0,
    };
  }),

  /** `GET transactions` (docs/api.md): the Transactions and Payouts screens. */
  mock(transactionOperations.list, ({ query }) => {
    const { page, limit, sort } = query;
    const { scope, found } = filterTransactions(query);
    return { ...pageOf(sortTransactions(found, sort), page, limit), is_empty: scope.length === 0 };
  }),

  /**
   * `GET transactions/export` (docs/api.md): the whole filtered result as the server's CSV. Before
   * `transactions/:id`, which would read "export" as an id; `page` and `limit` are not part of the
   * export's query schema, so they are ignored like any unknown name.
   */
  mock(transactionOperations.export, ({ query }) => {
    const { found } = filterTransactions(query);
    const filename = transactionCsvFileName(new Date().toISOString().slice(0, 10), query.from, query.to);
    return new HttpResponse(TRANSACTION_CSV_HEADER + found.map(transactionCsvLine).join(''), {
      headers: {
        'Content-Type': TRANSACTION_CSV_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${filename}`,
      },
    });
  }),

  /** `GET transactions/{id}` (docs/api.md): the detail drawer. */
  mock(transactionOperations.detail, ({ params }) => {
    const transaction = allTransactions(db.merchants).find((t) => t.id === params.id);
    if (!transaction) return failure(404, API_ERRORS.notFound('Transaction'));
    return transactionDetail(db.merchants, transaction);
  }),

  /** `POST payout/transactions/{id}?command=approve|reject` (docs/api.md "Payouts"). */
  mock(payoutOperations.decide, ({ request, params, query: { command } }) => {
    const transaction = allTransactions(db.merchants).find((t) => t.id === params.id);
    if (!transaction) return failure(404, API_ERRORS.notFound('Transaction'));
    if (transaction.status !== PAYOUT_PENDING_STATUS) return failure(409, API_ERRORS.payoutNotPending);
    if (command === 'approve') {
      const pending = payoutApprovalAnswer(request, transaction);
      if (pending) return pending;
    }
    const status = PAYOUT_COMMAND_TARGET[command];
    // As the server: the decision is recorded with the caller's subject and name.
    setTransactionStatus(db.merchants, transaction.id, status, {
      at: new Date().toISOString(),
      by: actorOf(request),
    });
    return transactionDetail(db.merchants, { ...transaction, status });
  }),
];

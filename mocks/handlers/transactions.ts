import { API_ERRORS } from '@contract/messages';
import { merchantOperations } from '@contract/operations/merchants';
import { payoutOperations } from '@contract/operations/payouts';
import { transactionOperations } from '@contract/operations/transactions';
import {
  PAYOUT_COMMAND_TARGET,
  PAYOUT_PENDING_STATUS,
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

/** What the server's transactionListWhere selects: the scope, then every filter; newest first as stored. */
function filterTransactions(query: TransactionFilterQuery) {
  const { status, types, from, to, search_term, reference, merchantId } = query;
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
      (!term || [t.reference.txn_ref, name, phone_number ?? ''].some((s) => s.toLowerCase().includes(term)))
    );
  });
  return { scope, found };
}

/** `GET merchants/{id}/transactions` (docs/api.md): the merchant details screen's Transactions tab. */
export const transactionHandlers = [
  mock(merchantOperations.transactions, ({ params, query: { page, limit, status, types } }) => {
    const index = db.merchants.findIndex((m) => m.id === params.id);
    const merchant = db.merchants[index];
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));

    const all = buildMerchantTransactions(merchant, index);
    const found = all.filter((t) => status.includes(t.status) && types.includes(t.type));
    return {
      ...pageOf(found, page, limit),
      // About the merchant, not the filter (docs/api.md): a filter leaving nothing is not "empty".
      is_empty: all.length === 0,
    };
  }),

  /** `GET transactions` (docs/api.md): the Transactions and Payouts screens. */
  mock(transactionOperations.list, ({ query }) => {
    const { page, limit } = query;
    const { scope, found } = filterTransactions(query);
    return { ...pageOf(found, page, limit), is_empty: scope.length === 0 };
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
    const status = PAYOUT_COMMAND_TARGET[command];
    // As the server: the decision is recorded with the caller's subject and name.
    setTransactionStatus(db.merchants, transaction.id, status, {
      at: new Date().toISOString(),
      by: actorOf(request),
    });
    return transactionDetail(db.merchants, { ...transaction, status });
  }),
];

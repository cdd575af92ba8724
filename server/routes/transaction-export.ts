/**
 * `GET /transactions/export` (ours): every transaction the list's filters select, as CSV, streamed.
 * Rows are read in keyset batches (newest first, `(transaction_date, id)` below the last row sent),
 * so memory stays one batch whatever the result's size, each batch is one indexed query on either
 * driver (PGlite has no server-side cursor across calls; a PostgreSQL cursor would pin a pool
 * client for the whole download), and no connection or transaction is held between batches.
 */

import type { Transaction, TransactionExportQuery } from '@contract/transaction';
import {
  TRANSACTION_CSV_CONTENT_TYPE,
  TRANSACTION_CSV_HEADER,
  transactionCsvFileName,
  transactionCsvLine,
} from '@contract/transaction-csv';
import { and, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import { prepareUnnamed, shapeKey, statementCache } from '../db/prepared';
import {
  bindTransactionFilter,
  NEWEST_FIRST,
  resolveTransactionFilter,
  selectTransactions,
  type TransactionFilterShape,
  type TransactionListFilter,
  toTransaction,
  transactionListWhere,
} from '../db/queries/transactions';
import { transactions } from '../db/schema';
import { contentDisposition } from './files';

export const EXPORT_BATCH_SIZE = 500;

export type TransactionExportFilter = Omit<TransactionListFilter, 'page' | 'limit'>;

export function exportFilterOf(query: TransactionExportQuery): TransactionExportFilter {
  return {
    statuses: query.status,
    types: query.types,
    from: query.from,
    to: query.to,
    searchTerm: query.search_term || undefined,
    reference: query.reference || undefined,
    merchantId: query.merchantId,
  };
}

/**
 * The filtered transactions in the list's order, one batch at a time. The cursor is the last row's
 * id; its own `(transaction_date, id)` is read back in SQL, so the comparison uses the stored
 * microsecond timestamp rather than a millisecond JS Date. A batch sees rows committed since the
 * previous one (no snapshot is held), as a person paging through the list would.
 */
export async function* transactionBatches(
  db: Executor,
  filter: TransactionExportFilter,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Transaction[]> {
  const { shape, values } = bindTransactionFilter(await resolveTransactionFilter(db, filter));
  let after: string | undefined;
  for (;;) {
    const batchShape = { ...shape, afterCursor: after !== undefined };
    const batch = batchStatements(db, shapeKey(batchShape), () => buildBatch(db, batchShape));
    const rows = await batch.execute({ ...values, after, limit: batchSize });
    if (rows.length > 0) yield rows.map(toTransaction);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]?.t.id;
  }
}

/** One batch of a filter shape, the first or one after a cursor row (`after`). */
function buildBatch(db: Executor, shape: TransactionFilterShape & { afterCursor: boolean }) {
  const cursor = shape.afterCursor
    ? sql`(${transactions.transactionDate}, ${transactions.id}) < (select c.transaction_date, c.id from ${transactions} as c where c.id = ${sql.placeholder('after')})`
    : undefined;
  return prepareUnnamed(
    selectTransactions(db)
      .where(and(transactionListWhere(shape), cursor))
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit')),
  );
}

const batchStatements = statementCache<ReturnType<typeof buildBatch>>();

/**
 * The CSV as a byte stream that reads the next batch only when the client asks for more (pull with
 * no read-ahead: high-water mark 0), and stops reading when the client goes away (cancel).
 */
export function transactionCsvStream(
  db: Executor,
  filter: TransactionExportFilter,
  onError: (error: unknown) => void,
  batchSize = EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = transactionBatches(db, filter, batchSize);
  let headerSent = false;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(TRANSACTION_CSV_HEADER));
          return;
        }
        try {
          const next = await batches.next();
          // The client left while the batch was read: nothing more to send, nothing went wrong.
          if (cancelled) return;
          if (next.done) {
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(next.value.map(transactionCsvLine).join('')));
        } catch (error) {
          if (cancelled) return;
          // The status line is already sent: cutting the body short is the only way to say "failed".
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await batches.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export function exportHeaders(now: Date, filter: TransactionExportFilter): Record<string, string> {
  const filename = transactionCsvFileName(now.toISOString().slice(0, 10), filter.from, filter.to);
  return {
    'Content-Type': TRANSACTION_CSV_CONTENT_TYPE,
    'Content-Disposition': contentDisposition(filename),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * `GET /transactions/export` (ours): every transaction the list's filters select, as CSV, streamed.
 * Rows are read in keyset batches (`transactionBatches`, server/db/queries/transactions.ts), so
 * memory stays one batch whatever the result's size, each batch is one indexed query on either
 * driver, and no connection or transaction is held between batches.
 */

import type { Transaction, TransactionFilterQuery } from '@contract/transaction';
import {
  TRANSACTION_CSV_CONTENT_TYPE,
  TRANSACTION_CSV_HEADER,
  transactionCsvFileName,
  transactionCsvLine,
} from '@contract/transaction-csv';
import type { Executor } from '../db/connect';
import { EXPORT_BATCH_SIZE, transactionBatches } from '../db/queries/transactions';
import { contentDisposition } from '../http/content-disposition';

/**
 * The CSV as a byte stream that reads the next batch only when the client asks for more (pull with
 * no read-ahead: high-water mark 0), and stops reading when the client goes away (cancel).
 *
 * The filter's lookups and the first batch are read before the stream is handed back, so before
 * the status line is sent: whatever fails there (a value the database refuses, a fault) is answered
 * as an ordinary error envelope, never as a 200 whose body is cut short. Later batches can only fail
 * mid-body.
 */
export async function openTransactionCsv(
  db: Executor,
  filter: TransactionFilterQuery,
  onError: (error: unknown) => void,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const batches = transactionBatches(db, filter, batchSize);
  let firstBatch: IteratorResult<Transaction[]> | undefined = await batches.next();
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
          const next = firstBatch ?? (await batches.next());
          firstBatch = undefined;
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

export function exportHeaders(now: Date, filter: TransactionFilterQuery): Record<string, string> {
  const filename = transactionCsvFileName(now.toISOString().slice(0, 10), filter.from, filter.to);
  return {
    'Content-Type': TRANSACTION_CSV_CONTENT_TYPE,
    'Content-Disposition': contentDisposition(filename),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

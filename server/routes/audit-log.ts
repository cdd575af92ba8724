/**
 * The audit log (ours, issue 21; decision 031): the filtered list and its CSV export. Reading only:
 * the records are written by the audited actions themselves (server/services/audit-log.ts).
 */
import { AUDIT_CSV_HEADER, auditCsvFileName, auditCsvLine } from '@contract/audit-log';
import { auditLogOperations } from '@contract/operations/audit-log';
import { TRANSACTION_CSV_CONTENT_TYPE } from '@contract/transaction-csv';
import { auditBatches, listAuditLog } from '../db/queries/audit-log';
import { contentDisposition } from '../http/content-disposition';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { pageOf } from './catalogue';

export function auditLogRoutes({ db, clock, logger }: RouteDeps) {
  return [
    handle(auditLogOperations.list, ({ query }) => pageOf(listAuditLog(db, query), query)),

    handle(auditLogOperations.export, async ({ c, query }) => {
      const requestId = c.get('requestId');
      const batches = auditBatches(db, query);
      // The first batch is read before the status line, so a failure there is an ordinary error.
      let pending: Awaited<ReturnType<typeof batches.next>> | undefined = await batches.next();
      const encoder = new TextEncoder();
      let headerSent = false;
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!headerSent) {
              headerSent = true;
              controller.enqueue(encoder.encode(AUDIT_CSV_HEADER));
              return;
            }
            try {
              const next = pending ?? (await batches.next());
              pending = undefined;
              if (next.done) {
                controller.close();
                return;
              }
              controller.enqueue(encoder.encode(next.value.map(auditCsvLine).join('')));
            } catch (error) {
              logger.error({ requestId, err: error }, 'Audit log export failed mid-stream');
              controller.error(error);
            }
          },
          async cancel() {
            await batches.return(undefined);
          },
        },
        { highWaterMark: 0 },
      );
      const filename = auditCsvFileName(clock().toISOString().slice(0, 10), query.from, query.to);
      return c.body(body, 200, {
        'Content-Type': TRANSACTION_CSV_CONTENT_TYPE,
        'Content-Disposition': contentDisposition(filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    }),
  ];
}

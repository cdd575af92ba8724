import { AUDIT_CSV_HEADER, auditCsvFileName, auditCsvLine, auditRecordMatches } from '@contract/audit-log';
import { AUDIT_SORT_DEFAULT } from '@contract/list-sort';
import { auditLogOperations } from '@contract/operations/audit-log';
import { TRANSACTION_CSV_CONTENT_TYPE } from '@contract/transaction-csv';
import { HttpResponse } from 'msw';
import { db } from '../db';
import { mock } from '../operation';
import { pageOf } from '../paging';
import { isDefaultOrder, sortRows } from '../sort';

/** The audit log, as server/routes/audit-log.ts answers it (the records are newest first). */
export const auditLogHandlers = [
  mock(auditLogOperations.list, ({ query }) => {
    const found = db.auditLog.filter((r) => auditRecordMatches(r, query));
    const sorted = isDefaultOrder(query.sort, AUDIT_SORT_DEFAULT)
      ? found
      : sortRows(found, query.sort, {
          values: { at: (r) => r.at, action: (r) => r.action, outcome: (r) => r.outcome },
        });
    return pageOf(sorted, query.page, query.limit);
  }),
  mock(auditLogOperations.export, ({ query }) => {
    const found = db.auditLog.filter((r) => auditRecordMatches(r, query));
    const filename = auditCsvFileName(new Date().toISOString().slice(0, 10), query.from, query.to);
    return new HttpResponse(AUDIT_CSV_HEADER + found.map(auditCsvLine).join(''), {
      headers: {
        'Content-Type': TRANSACTION_CSV_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${filename}`,
      },
    });
  }),
];

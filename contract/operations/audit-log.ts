/** The audit log (ours, issue 21; docs/api.md "Audit log"; decision 031). */
import { auditExportQuerySchema, auditListQuerySchema, auditPageSchema } from '../audit-log';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';

const TAG = 'Audit log';
const FILTERS =
  '`person`: case-insensitive *contains* over the name and e-mail recorded; `action`: exact, or a group ' +
  '(`user` finds every `user.*`); `resource_type`, `resource_id`: exact; `outcome`: success or failure; ' +
  '`from`/`to`: whole UTC days, inclusive.';

export const auditLogOperations = {
  list: defineOperation({
    method: 'get',
    path: '/audit-log',
    tag: TAG,
    summary: 'List the audit log',
    description: `Every recorded security and money action, newest first. ${FILTERS}`,
    permission: PERMISSIONS.viewAuditLog,
    query: auditListQuerySchema,
    response: { data: auditPageSchema },
  }),
  export: defineOperation({
    method: 'get',
    path: '/audit-log/export',
    tag: TAG,
    summary: 'Export the audit log as CSV',
    description:
      `Every record the list's filters select (\`page\` and \`limit\` are ignored), newest first, as RFC 4180 CSV ` +
      'sent as an attachment named `audit-log-<day>.csv` or `audit-log-<from>-to-<to>.csv`; before and after are ' +
      "compact JSON cells, and a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'`. " +
      FILTERS,
    permission: PERMISSIONS.viewAuditLog,
    query: auditExportQuerySchema,
    response: { contentType: 'text/csv', description: 'The CSV file, as an attachment.' },
  }),
} as const;

import { AUDIT_CSV_HEADER, auditPageSchema } from '@contract/audit-log';
import { API_ERRORS } from '@contract/messages';
import { auditLogOperations } from '@contract/operations/audit-log';
import { roleSchema } from '@contract/role';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusalCases } from './helpers';
import { fails, LIMIT_TOO_LARGE, made, ok, rowsOf, table } from './table';

const NOTHING = { contents: [], total: 0, total_pages: 0 };
type Entry = { action: string; actor: { name: string } | null; after: unknown };

const cases: ConformanceCase[] = [
  // GET audit-log: view-audit-log, which only the admin holds
  ...refusalCases(auditLogOperations.list, { refused: 'support' }),
  ...table([
    ['finance GET audit-log', fails(403, API_ERRORS.forbidden)],
    ['admin GET audit-log', ok(auditPageSchema)],
    ['admin GET audit-log?person=nobody-at-all', ok(auditPageSchema, NOTHING)],
    ['admin GET audit-log?action=no.such-action', ok(auditPageSchema, NOTHING)],
    ['admin GET audit-log?from=2026-02-30', fails(400, `from: ${API_ERRORS.queryDate('from')}`)],
    ['admin GET audit-log?from=2026-11-21&to=2026-11-01', fails(400, API_ERRORS.dateRange)],
    [
      'admin GET audit-log?outcome=maybe',
      fails(400, `outcome: ${API_ERRORS.queryEnum('outcome', ['success', 'failure'])}`),
    ],
    ['admin GET audit-log?limit=500', fails(400, LIMIT_TOO_LARGE)],
    [
      'admin POST roles',
      made(roleSchema, { name: 'Audited clerks' }),
      {
        name: 'a change to find in the log',
        body: { name: 'Audited clerks', permissions: ['view-merchant'] },
      },
    ],
    [
      'admin GET audit-log?action=role&person=ABEBE',
      ok(auditPageSchema, null, (data) => {
        const [newest] = rowsOf<Entry>(data);
        expect(newest).toMatchObject({
          action: 'role.create',
          actor: { name: 'Abebe Kebede' },
          after: { name: 'Audited clerks', permissions: ['view-merchant'] },
        });
      }),
    ],

    // GET audit-log/export: the same filters, as CSV
    ['support GET audit-log/export', fails(403, API_ERRORS.forbidden)],
    ['admin GET audit-log/export?to=2026-13-01', fails(400, `to: ${API_ERRORS.queryDate('to')}`)],
    [
      'admin GET audit-log/export?person=nobody-at-all&from=2000-01-01&to=2000-01-31',
      {
        status: 200,
        contentType: 'text/csv; charset=utf-8; header=present',
        text: (text, headers) => {
          expect(headers.get('content-disposition')).toMatch(
            /^attachment; filename="audit-log-2000-01-01-to-2000-01-31\.csv"/,
          );
          expect(text).toBe(AUDIT_CSV_HEADER);
        },
      },
    ],
  ]),
  ...refusalCases(auditLogOperations.export, { refused: 'finance' }),
];

export const auditLogCases: ResourceCases = { resource: 'audit-log', cases };

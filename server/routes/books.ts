/**
 * The books (ours, issue 23): manual journals, reversals, closed periods and the reports. Access,
 * paths and validation are the declarations' (contract/operations/books.ts); the work is the
 * services' (server/services/manual-journal.ts, accounting-period.ts) and the report queries'
 * (server/db/queries/reports.ts).
 */
import { utcDay } from '@contract/books';
import { API_ERRORS } from '@contract/messages';
import { bookOperations } from '@contract/operations/books';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/connect';
import { findJournal } from '../db/queries/journals';
import {
  balanceSheet,
  glAccountStatement,
  incomeStatement,
  merchantSettlement,
  statementSubject,
  trialBalance,
} from '../db/queries/reports';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { closePeriod, listPeriods, submitPeriodReopen } from '../services/accounting-period';
import { auditActor, requestAddress } from '../services/audit-log';
import { reverseJournal, submitManualJournal } from '../services/manual-journal';
import { answerAccepted } from './approvals';
import { found } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Journal');

/** `from` (default: the first day of `to`'s month) and `to` (default: today); 400 when reversed. */
function period(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw new ApiError(400, 'from: must not be after to');
  return { from, to };
}

export function bookRoutes({ db, clock }: RouteDeps) {
  const today = () => utcDay(clock());
  const journal = async (id: string) => found(findJournal(db, id), NOT_FOUND);

  return [
    handle(bookOperations.createJournal, async ({ c, body, claims }) => {
      const answer = await submitManualJournal(db, body, {
        claims,
        address: requestAddress(c),
        now: clock(),
      });
      return 'pending' in answer ? answerAccepted(c, answer.pending) : journal(answer.done);
    }),

    handle(bookOperations.journal, ({ params }) => journal(params.id)),

    handle(bookOperations.reverseJournal, async ({ c, params, body, claims }) => {
      const id = await reverseJournal(db, { ...body, journal_id: params.id }, auditActor(claims), {
        now: clock(),
        address: requestAddress(c),
      });
      return journal(id);
    }),

    handle(bookOperations.periods, async () => ({ periods: await listPeriods(db) })),

    handle(bookOperations.closePeriod, ({ c, body, claims }) =>
      closePeriod(db, body, auditActor(claims), { now: clock(), address: requestAddress(c) }),
    ),

    // Reopening a closed period always waits for a second person (decision 039): the approval
    // carries out reopenPeriod in its own transaction.
    handle(bookOperations.reopenPeriod, async ({ c, body, claims }) =>
      answerAccepted(
        c,
        await submitPeriodReopen(db, body, { claims, address: requestAddress(c), now: clock() }),
      ),
    ),

    handle(bookOperations.reportSubjects, async () => ({
      gl_accounts: await queryRows<{ id: string; name: string; type: 'ASSET' }>(
        db,
        sql`SELECT id, name, type FROM gl_accounts ORDER BY name`,
      ),
      currencies: await queryRows<{ id: string; name_code: string; decimal_places: number }>(
        db,
        sql`SELECT id, name_code, decimal_places FROM currencies ORDER BY name_code`,
      ),
    })),

    handle(bookOperations.reportMerchants, async ({ query }) => {
      const term = query.search_term?.trim() ?? '';
      const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const merchants = await queryRows<{ id: string; name: string }>(
        db,
        sql`SELECT id, coalesce(business_name, merchant_code) AS name FROM merchants
            ${term === '' ? sql`` : sql`WHERE business_name ILIKE ${pattern} OR merchant_code ILIKE ${pattern}`}
            ORDER BY 2, id LIMIT 20`,
      );
      return { merchants };
    }),

    handle(bookOperations.trialBalance, ({ query }) => trialBalance(db, query.as_of ?? today())),

    handle(bookOperations.balanceSheet, ({ query }) => balanceSheet(db, query.as_of ?? today())),

    handle(bookOperations.incomeStatement, ({ query }) => {
      const { from, to } = period(query, today());
      return incomeStatement(db, from, to);
    }),

    handle(bookOperations.glAccountStatement, async ({ query }) => {
      if (!query.gl_account_id) throw new ApiError(400, 'gl_account_id: Select a GL account');
      const { from, to } = period(query, today());
      const subject = await statementSubject(db, query.gl_account_id, query.currency_id);
      if ('missing' in subject) {
        throw new ApiError(
          404,
          API_ERRORS.notFound(subject.missing === 'gl_account' ? 'GL account' : 'Currency'),
        );
      }
      return glAccountStatement(db, { ...subject, from, to, page: query.page, limit: query.limit });
    }),

    handle(bookOperations.merchantSettlement, async ({ query }) => {
      if (!query.merchant_id) throw new ApiError(400, 'merchant_id: Select a merchant');
      const { from, to } = period(query, today());
      const [merchant] = await queryRows<{ id: string; name: string }>(
        db,
        sql`SELECT id, coalesce(business_name, merchant_code) AS name FROM merchants WHERE id = ${query.merchant_id}`,
      );
      if (!merchant) throw new ApiError(404, API_ERRORS.notFound('Merchant'));
      return merchantSettlement(db, merchant, from, to);
    }),
  ];
}

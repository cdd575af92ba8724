/**
 * Journal entries (spec §2 Journal Entry screen, §7 calls): list, detail and, ours, the debit and
 * credit totals of a filter. Read-only: journals are posted by server/domain/ledger.ts.
 */
import { type pagedSchema, totalPages } from '@contract/envelope';
import {
  journalEntryListQuerySchema,
  type journalEntrySchema,
  type journalEntryTotalsSchema,
} from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { requirePermission } from '../auth/middleware';
import { findJournalEntry, journalEntryTotals, listJournalEntries } from '../db/queries/journal-entries';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseOr400 } from '../http/validate';

type JournalEntry = v.InferOutput<typeof journalEntrySchema>;
type JournalEntryList = v.InferOutput<ReturnType<typeof pagedSchema<typeof journalEntrySchema>>>;
type JournalEntryTotals = v.InferOutput<typeof journalEntryTotalsSchema>;

export function journalEntryRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission(PERMISSIONS.viewJournalEntry), async (c) => {
    const query = parseOr400(journalEntryListQuerySchema, c.req.query());
    const { contents, total } = await listJournalEntries(db, query);
    return ok<JournalEntryList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
  });

  // The paged list's shape (spec §3) has no room for totals, so they have their own call; before
  // `/:id`, which would read "totals" as a malformed id.
  app.get('/totals', requirePermission(PERMISSIONS.viewJournalEntry), async (c) => {
    const query = parseOr400(journalEntryListQuerySchema, c.req.query());
    const totals = await journalEntryTotals(db, query);
    return ok<JournalEntryTotals>(c, totals);
  });

  app.get('/:id', requirePermission(PERMISSIONS.viewJournalEntry), async (c) => {
    const id = parseIdParam(c);
    const entry = await findJournalEntry(db, id);
    if (!entry) throw new ApiError(404, API_ERRORS.notFound('Journal entry'));
    return ok<JournalEntry>(c, entry);
  });

  return app;
}

import {
  CHANGE_HISTORY_PERMISSION,
  CHANGE_OWNED_SUBJECTS,
  type ChangeEvent,
  type ChangeRecord,
  changeEventSchema,
  changeHistoryQuerySchema,
  type HistorySubject,
  isRecorded,
} from '@contract/change-history';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { hasPermission } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { db, type MockChangeEvent } from '../db';
import { API, actorOf, claimsOf, failure, ok, queryOf } from '../http';

const changeHistoryPage = pagedSchema(changeEventSchema);

/** What the server's recordChange writes beside a change: nothing for an edit that changed nothing. */
export function recordMockChange(request: Request, record: ChangeRecord<HistorySubject>): void {
  if (!isRecorded(record)) return;
  db.changeEvents = [
    ...db.changeEvents,
    { ...record, id: String(db.changeEvents.length + 1), at: new Date().toISOString(), by: actorOf(request) },
  ];
}

function toEvent({ owner_ids: _owners, ...event }: MockChangeEvent): ChangeEvent {
  return event;
}

/** `GET change-history` like server/routes/change-history.ts. */
export const changeHistoryHandlers = [
  http.get(`${API}/change-history`, ({ request }) => {
    const claims = claimsOf(request);
    if (!claims) return failure(401, API_ERRORS.unauthenticated);
    const query = v.safeParse(changeHistoryQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { subject, subject_id, page, limit } = query.output;
    if (!hasPermission(claims.resource_access, CHANGE_HISTORY_PERMISSION[subject]))
      return failure(403, API_ERRORS.forbidden);
    const owned = CHANGE_OWNED_SUBJECTS[subject];
    const readsOwned =
      owned !== undefined && hasPermission(claims.resource_access, CHANGE_HISTORY_PERMISSION[owned]);
    const id = subject_id.toLowerCase();
    const found = db.changeEvents
      .filter(
        (e) =>
          (e.subject === subject && e.subject_id === id) ||
          (readsOwned && e.subject === owned && e.owner_ids.includes(id)),
      )
      .sort((a, b) => Number(b.id) - Number(a.id));
    return ok(changeHistoryPage, {
      contents: found.slice((page - 1) * limit, page * limit).map(toEvent),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),
];

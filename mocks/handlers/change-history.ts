import {
  CHANGE_HISTORY_PERMISSION,
  CHANGE_OWNED_SUBJECTS,
  type ChangeEvent,
  type ChangeRecord,
  type HistorySubject,
  isRecorded,
} from '@contract/change-history';
import { API_ERRORS } from '@contract/messages';
import { changeHistoryOperations } from '@contract/operations/change-history';
import { hasPermission } from '@contract/permissions';
import { db, type MockChangeEvent } from '../db';
import { actorOf, failure } from '../http';
import { mock } from '../operation';
import { pageOf } from '../paging';

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

/**
 * `GET change-history` like server/routes/change-history.ts. The operation declares no permission
 * (any valid token gets this far): the one that reads the subject is checked here.
 */
export const changeHistoryHandlers = [
  mock(changeHistoryOperations.list, ({ claims, query: { subject, subject_id, page, limit } }) => {
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
    const shown = pageOf(found, page, limit);
    return { ...shown, contents: shown.contents.map(toEvent) };
  }),
];

import {
  type ChangeSubjectSpec,
  COMMAND_ACTION,
  changeOf,
  type HistorySubject,
} from '@contract/change-history';
import { ACTIVATION_COMMAND_TARGET, type ActivationCommand, type ActiveStatus } from '@contract/fields';
import { CATALOG_ERRORS } from '@contract/messages';
import { failure } from '../http';
import { recordMockChange } from './change-history';

interface Activation<T extends { id: string }, S extends HistorySubject> {
  /** How the refusal names the resource: 'Payment method'. */
  readonly label: string;
  readonly spec: ChangeSubjectSpec<T, S>;
  /** Puts the changed record in the store in place of the old one. */
  readonly store: (updated: T) => void;
}

/**
 * `POST {resource}/{id}?command=activate|deactivate` once the record is found, as the server answers
 * it: 409 when the record is already in the target status, else the record in its new status,
 * stored and recorded in the change history.
 */
export function applyActivation<T extends { id: string; status: ActiveStatus }, S extends HistorySubject>(
  request: Request,
  record: T,
  command: ActivationCommand,
  { label, spec, store }: Activation<T, S>,
): T | Response {
  const target = ACTIVATION_COMMAND_TARGET[command];
  if (record.status === target) return failure(409, CATALOG_ERRORS.alreadyInStatus(label, record.status));
  const updated: T = { ...record, status: target };
  store(updated);
  recordMockChange(request, changeOf(spec, COMMAND_ACTION[command], record, updated));
  return updated;
}

import { UI_GATEWAY_ACCOUNTS } from './copy';

/** Spec §2: the detail page shows the status as Active or Inactive. */
export function statusLabel(status: string): string {
  return status === 'ACTIVE' || status === 'INACTIVE' ? UI_GATEWAY_ACCOUNTS.statuses[status] : status;
}

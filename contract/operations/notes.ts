/** Sentences several operations' descriptions share (docs/api.md). */
import { PERMISSIONS } from '../permissions';
import type { AlsoPermitted } from './define';

export const LIST =
  'Newest first (`created_at` descending, then `id`); a page beyond the end answers an empty `contents`.';

export const COMMAND =
  'One conditional update; a method already in the target status is refused with 409 and nothing changes.';

/** The three lists the Add Account Mapping modal loads (spec §7) also answer its permission. */
export const MAPPING_DROPDOWN: AlsoPermitted = {
  permission: PERMISSIONS.createAccountMapping,
  because: 'the account mapping modal fills its dropdowns from this list.',
};

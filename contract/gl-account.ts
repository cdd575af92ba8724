import * as v from 'valibot';
import { idSchema, pageQueryEntries, valueList } from './common';
import { ACTIVE_STATUSES, activatableEntries, payloadObject, queryEnum, requiredText } from './fields';
import { GL_ACCOUNT_SORT_DEFAULT, GL_ACCOUNT_SORT_KEYS, sortQuery } from './list-sort';
import { VALIDATION } from './messages';

/** Spec §3: the 5 GL account types. */
export const [GL_ACCOUNT_TYPES, glAccountTypeSchema] = valueList([
  'EXPENSE',
  'EQUITY',
  'LIABILITY',
  'INCOME',
  'ASSET',
]);
export type GlAccountType = v.InferOutput<typeof glAccountTypeSchema>;

export const glAccountSchema = v.object({
  id: idSchema,
  name: v.string(),
  type: glAccountTypeSchema,
  manual_journal_entries_allowed: v.boolean(),
  description: v.string(),
  ...activatableEntries,
});
export type GlAccount = v.InferOutput<typeof glAccountSchema>;

const m = VALIDATION.glAccount;

/**
 * `POST gl-accounts` and `PUT gl-accounts/{id}`. The spec's client also sends `id` (and `status`,
 * empty, on create); unknown keys are dropped, so they are accepted and ignored. No status change
 * is exposed (spec §4): a new account is ACTIVE.
 */
export const glAccountPayloadSchema = payloadObject({
  name: requiredText(m.name, 'Name', 100),
  type: v.picklist(GL_ACCOUNT_TYPES, m.type),
  manual_journal_entries_allowed: v.boolean(m.manualJournal),
  // Several lines are fine in a description (a textarea); control characters are not.
  description: requiredText(m.description, 'Description', 500, { multiLine: true }),
});
export type GlAccountPayload = v.InferOutput<typeof glAccountPayloadSchema>;
export type GlAccountInput = v.InferInput<typeof glAccountPayloadSchema>;

/** What the add and update forms hold (nothing chosen yet: null). */
export interface GlAccountFormValues {
  name: string;
  type: string | null;
  manual_journal_entries_allowed: boolean | null;
  description: string;
}
export const glAccountFormDefaults: GlAccountFormValues = {
  name: '',
  type: null,
  manual_journal_entries_allowed: null,
  description: '',
};

/** `GET gl-accounts`: page, limit, search_term, status. */
export const glAccountListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(GL_ACCOUNT_SORT_KEYS, GL_ACCOUNT_SORT_DEFAULT),
  status: queryEnum('status', ACTIVE_STATUSES),
});
export type GlAccountListQuery = v.InferOutput<typeof glAccountListQuerySchema>;

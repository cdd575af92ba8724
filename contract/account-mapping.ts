import * as v from 'valibot';
import { decimalSchema, idSchema, pageQueryEntries, timestampSchema } from './common';
import { ACTIVE_STATUSES, optionalId, payloadObject, queryEnum, selectedId } from './fields';
import { VALIDATION } from './messages';

/** Spec §3: the 5 financial account types the ledger posts through (docs/ledger.md). */
export const FINANCIAL_ACCOUNT_TYPES = [
  'RECEIVE_REFERENCE',
  'RECEIVE_CONTROL',
  'INCOME_FROM_CHARGE',
  'TRANSFER_SUSPENSE',
  'LIABILITY_TRANSFER',
] as const;
export const financialAccountTypeSchema = v.picklist(FINANCIAL_ACCOUNT_TYPES);
export type FinancialAccountType = v.InferOutput<typeof financialAccountTypeSchema>;

export const accountMappingSchema = v.object({
  id: idSchema,
  financial_account_type: financialAccountTypeSchema,
  payment_method_id: v.nullable(idSchema),
  gl_account_id: idSchema,
  charge_id: v.nullable(idSchema),
  /** Null when the mapping is not tied to a payment method (the list shows dashes). */
  payment_method: v.nullable(v.object({ name: v.string() })),
  charge: v.nullable(v.object({ amount: decimalSchema, currency: v.object({ name: v.string() }) })),
  gl_account: v.object({ name: v.string() }),
  /** Ours: read-only. */
  created_at: timestampSchema,
});
export type AccountMapping = v.InferOutput<typeof accountMappingSchema>;

const m = VALIDATION.accountMapping;

/** One staged row of the add modal; empty payment method and charge mean "none" (spec §2). */
export const accountMappingItemPayloadSchema = payloadObject({
  financial_account_type: v.picklist(FINANCIAL_ACCOUNT_TYPES, m.financialAccountType),
  gl_account_id: selectedId(m.glAccount, 'gl_account_id'),
  payment_method_id: optionalId('payment_method_id'),
  charge_id: optionalId('charge_id'),
});
export type AccountMappingItemPayload = v.InferOutput<typeof accountMappingItemPayloadSchema>;
export type AccountMappingItemInput = v.InferInput<typeof accountMappingItemPayloadSchema>;

/** What the add modal's left form holds for one row. */
export interface AccountMappingItemFormValues {
  financial_account_type: string | null;
  gl_account_id: string | null;
  payment_method_id: string | null;
  charge_id: string | null;
}
export const accountMappingItemFormDefaults: AccountMappingItemFormValues = {
  financial_account_type: null,
  gl_account_id: null,
  payment_method_id: null,
  charge_id: null,
};

/** `POST account-mappings`: the whole staging list at once, never empty. */
export const accountMappingPayloadSchema = v.pipe(
  v.array(accountMappingItemPayloadSchema, m.atLeastOne),
  v.minLength(1, m.atLeastOne),
  v.maxLength(100, m.tooMany),
);
export type AccountMappingPayload = v.InferOutput<typeof accountMappingPayloadSchema>;

/**
 * `GET account-mappings`: page, limit, search_term, status. Spec §7 sends a status but §3 gives
 * mappings none; the value is checked and accepted, and the server ignores it.
 */
export const accountMappingListQuerySchema = v.object({
  ...pageQueryEntries,
  status: queryEnum('status', ACTIVE_STATUSES),
});
export type AccountMappingListQuery = v.InferOutput<typeof accountMappingListQuerySchema>;

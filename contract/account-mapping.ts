import * as v from 'valibot';
import { chargeCalculationMethodSchema } from './charge';
import { decimalSchema, idSchema, pageQueryEntries, timestampSchema, valueList } from './common';
import { ACTIVE_STATUSES, optionalId, payloadObject, queryEnum, selectedId } from './fields';
import { ACCOUNT_MAPPING_SORT_DEFAULT, ACCOUNT_MAPPING_SORT_KEYS, sortQuery } from './list-sort';
import { LEDGER_ERRORS, VALIDATION } from './messages';

/** Spec §3: the 5 financial account types the ledger posts through (docs/ledger.md). */
export const [FINANCIAL_ACCOUNT_TYPES, financialAccountTypeSchema] = valueList([
  'RECEIVE_REFERENCE',
  'RECEIVE_CONTROL',
  'INCOME_FROM_CHARGE',
  'TRANSFER_SUSPENSE',
  'LIABILITY_TRANSFER',
]);
export type FinancialAccountType = v.InferOutput<typeof financialAccountTypeSchema>;

export const accountMappingSchema = v.object({
  id: idSchema,
  financial_account_type: financialAccountTypeSchema,
  payment_method_id: v.nullable(idSchema),
  gl_account_id: idSchema,
  charge_id: v.nullable(idSchema),
  /** Null when the mapping is not tied to a payment method (the list shows dashes). */
  payment_method: v.nullable(v.object({ name: v.string() })),
  /**
   * Spec §3 gives `amount` and `currency.name`; ours: the name, whether it is ranged (a ranged
   * charge's own amount is 0, so the amount alone cannot tell ranged charges apart), the
   * calculation and the currency's code.
   */
  charge: v.nullable(
    v.object({
      name: v.string(),
      amount: decimalSchema,
      is_range: v.boolean(),
      charge_calculation_method: chargeCalculationMethodSchema,
      currency: v.object({ name: v.string(), name_code: v.string() }),
    }),
  ),
  gl_account: v.object({ name: v.string() }),
  /** Ours: read-only. */
  created_at: timestampSchema,
  /**
   * Ours: false once a newer mapping with the same financial account type, payment method and
   * charge supersedes this one (docs/decisions/009); the ledger posts through the one in force.
   */
  in_force: v.boolean(),
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

/** The ledger's selection key of a mapping: ids compared case-insensitively, none as ''. */
export function mappingSelectionKey(item: {
  financial_account_type: string;
  payment_method_id: string | null;
  charge_id: string | null;
}): string {
  const id = (value: string | null) => value?.toLowerCase() ?? '';
  return `${item.financial_account_type}|${id(item.payment_method_id)}|${id(item.charge_id)}`;
}

/**
 * `POST account-mappings`: the whole staging list at once, never empty. Two items with one
 * selection key would be posted to by the ledger in an order the list cannot show (they share
 * `created_at`), so a list repeating a key is refused, naming the later item. A key that a stored
 * mapping already has is not a repeat: the new mapping supersedes it (docs/ledger.md).
 */
export const accountMappingPayloadSchema = v.pipe(
  v.array(accountMappingItemPayloadSchema, m.atLeastOne),
  v.minLength(1, m.atLeastOne),
  v.maxLength(100, m.tooMany),
  v.rawCheck(({ dataset, addIssue }) => {
    // Not over a list already refused (over 100 items): one message says it all.
    if (!dataset.typed || dataset.issues) return;
    const firstSeen = new Map<string, number>();
    dataset.value.forEach((item, index) => {
      const key = mappingSelectionKey(item);
      const earlier = firstSeen.get(key);
      if (earlier === undefined) {
        firstSeen.set(key, index);
        return;
      }
      addIssue({
        message: LEDGER_ERRORS.accountMappingRepeated(item.financial_account_type, earlier),
        path: [
          { type: 'array', origin: 'value', input: dataset.value, key: index, value: item },
          {
            type: 'object',
            origin: 'value',
            input: item,
            key: 'financial_account_type',
            value: item.financial_account_type,
          },
        ],
      });
    });
  }),
);
export type AccountMappingPayload = v.InferOutput<typeof accountMappingPayloadSchema>;

/**
 * `GET account-mappings`: page, limit, search_term, status. Spec §7 sends a status but §3 gives
 * mappings none; the value is checked and accepted, and the server ignores it.
 */
export const accountMappingListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(ACCOUNT_MAPPING_SORT_KEYS, ACCOUNT_MAPPING_SORT_DEFAULT),
  status: queryEnum('status', ACTIVE_STATUSES),
});
export type AccountMappingListQuery = v.InferOutput<typeof accountMappingListQuerySchema>;

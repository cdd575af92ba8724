import * as v from 'valibot';
import {
  decidedEntries,
  detailWith,
  idSchema,
  nullableString,
  pageQueryEntries,
  timestampSchema,
  valueList,
} from './common';
import { MERCHANT_SORT_DEFAULT, MERCHANT_SORT_KEYS, sortQuery } from './list-sort';
import { paymentMethodTypeSchema } from './payment-method';

/** Spec §4 merchant status values. */
export const [MERCHANT_STATUSES, merchantStatusSchema] = valueList([
  'ACTIVE',
  'PENDING',
  'PENDING_VERIFICATION',
  'INACTIVE',
  'DELETED',
]);
export type MerchantStatus = v.InferOutput<typeof merchantStatusSchema>;

/** A compliance document: one path or a list of paths (spec §3). */
export const documentRefSchema = v.nullable(v.union([v.string(), v.array(v.string())]));

export const businessDetailSchema = v.object({
  name: v.string(),
  logo: nullableString,
  phone_number: nullableString,
  email: nullableString,
  website: nullableString,
  industry: nullableString,
  industry_category: nullableString,
  employees: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  transaction_volume: nullableString,
  address_one: nullableString,
  address_two: nullableString,
});
export type BusinessDetail = v.InferOutput<typeof businessDetailSchema>;

export const complianceAddressSchema = v.object({
  state: nullableString,
  kebele: nullableString,
  city: nullableString,
  house_number: nullableString,
  wereda: nullableString,
});

export const complianceSchema = v.object({
  business_name: nullableString,
  type: nullableString,
  tin: nullableString,
  business_registration_number: nullableString,
  tin_certification: documentRefSchema,
  trade_license: documentRefSchema,
  moa: documentRefSchema,
  address: v.nullable(complianceAddressSchema),
});
export type Compliance = v.InferOutput<typeof complianceSchema>;

export const contactPersonSchema = v.object({
  first_name: nullableString,
  last_name: nullableString,
  phone_number: nullableString,
  address: nullableString,
  state: nullableString,
  /** The kind of ID document (spec §3 "type (the ID type)"). */
  type: nullableString,
  document: nullableString,
});
export type ContactPerson = v.InferOutput<typeof contactPersonSchema>;

export const merchantSchema = v.object({
  id: idSchema,
  merchant_code: v.string(),
  status: merchantStatusSchema,
  business_detail: v.nullable(businessDetailSchema),
  compliance: v.nullable(complianceSchema),
  contact_person: v.nullable(contactPersonSchema),
  created_at: timestampSchema,
});
export type Merchant = v.InferOutput<typeof merchantSchema>;

/**
 * Ours: the merchant's last status change made through the API (activate or deactivate): from and
 * to which status, when, and by whom (null when no person was recorded).
 */
export const merchantStatusChangeSchema = v.object({
  from: merchantStatusSchema,
  to: merchantStatusSchema,
  ...decidedEntries,
});
export type MerchantStatusChange = v.InferOutput<typeof merchantStatusChangeSchema>;

/**
 * Ours: `GET merchants/{id}` and the status command answer one merchant with its last status
 * change, null while nobody has changed it through the API. The list stays as the spec has it.
 */
export const merchantDetailSchema = detailWith(merchantSchema, 'status_change', merchantStatusChangeSchema);
export type MerchantDetail = v.InferOutput<typeof merchantDetailSchema>;

/** `GET merchants`: status is one of the filter values of spec §4, or empty for all. */
export const merchantListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(MERCHANT_SORT_KEYS, MERCHANT_SORT_DEFAULT),
  status: v.optional(
    v.union(
      [v.literal(''), v.picklist(['PENDING', 'ACTIVE', 'PENDING_VERIFICATION', 'INACTIVE'])],
      'status must be one of PENDING, ACTIVE, PENDING_VERIFICATION, INACTIVE or empty',
    ),
  ),
});
export type MerchantListQuery = v.InferOutput<typeof merchantListQuerySchema>;

export const MERCHANT_COMMANDS = ['activate', 'deactivate'] as const;
export const merchantCommandQuerySchema = v.object({
  command: v.picklist(MERCHANT_COMMANDS, 'command must be activate or deactivate'),
});
export type MerchantCommand = (typeof MERCHANT_COMMANDS)[number];

/** Spec §3 merchant account statuses, as written there. */
export const MERCHANT_ACCOUNT_STATUSES = ['Success', 'Pending', 'Rejected'] as const;

export const merchantAccountSchema = v.object({
  id: idSchema,
  payment_method: v.object({
    name: v.string(),
    logo: nullableString,
    type: paymentMethodTypeSchema,
  }),
  account_number: v.string(),
  status: v.picklist(MERCHANT_ACCOUNT_STATUSES),
});
export type MerchantAccount = v.InferOutput<typeof merchantAccountSchema>;

/** `GET merchants/{id}/accounts` answers `{ is_empty, contents }` (spec §3). */
export const merchantAccountsSchema = v.object({
  is_empty: v.boolean(),
  contents: v.array(merchantAccountSchema),
});
export type MerchantAccounts = v.InferOutput<typeof merchantAccountsSchema>;

/**
 * Spec §4: which status commands a merchant in each status offers. The console shows these buttons;
 * the server refuses any other command with 409.
 */
export const MERCHANT_COMMANDS_BY_STATUS: Readonly<Record<MerchantStatus, readonly MerchantCommand[]>> = {
  PENDING_VERIFICATION: ['activate', 'deactivate'],
  ACTIVE: ['deactivate'],
  INACTIVE: ['activate'],
  PENDING: [],
  DELETED: [],
};

/** The status a command leads to. */
export const MERCHANT_COMMAND_TARGET: Readonly<Record<MerchantCommand, MerchantStatus>> = {
  activate: 'ACTIVE',
  deactivate: 'INACTIVE',
};

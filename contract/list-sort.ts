/**
 * Sorting a list by a column (issue 24): `sort=<key>.<asc|desc>`, the key one of the list's
 * allow-list. The API refuses anything else (400 naming `sort` and its values); the console's
 * search param falls back to the list's default (src/lib/list-sort.ts).
 */
import * as v from 'valibot';
import { API_ERRORS } from './messages';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface SortOrder<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** `amount.desc` */
export function sortText<K extends string>(order: SortOrder<K>): `${K}.${SortDirection}` {
  return `${order.key}.${order.direction}`;
}

/** Every value a list's `sort` accepts, in the allow-list's order. */
export function sortValues<K extends string>(keys: readonly K[]): `${K}.${SortDirection}`[] {
  return keys.flatMap((key) => SORT_DIRECTIONS.map((direction) => sortText({ key, direction })));
}

/** `amount.desc` as a sort order of the allow-list, or undefined for anything else. */
export function parseSort<K extends string>(text: unknown, keys: readonly K[]): SortOrder<K> | undefined {
  if (typeof text !== 'string') return undefined;
  const dot = text.lastIndexOf('.');
  const key = text.slice(0, dot) as K;
  const direction = text.slice(dot + 1) as SortDirection;
  if (dot < 1 || !keys.includes(key) || !SORT_DIRECTIONS.includes(direction)) return undefined;
  return { key, direction };
}

/**
 * The API's `sort` query: absent or empty is the list's default order; anything not in the
 * allow-list is a 400 naming `sort` and every accepted value.
 */
export function sortQuery<const K extends readonly [string, ...string[]]>(
  keys: K,
  fallback: SortOrder<K[number]>,
) {
  const message = API_ERRORS.queryEnum('sort', sortValues(keys));
  return v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.rawTransform<string, SortOrder<K[number]>>(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return fallback;
      const order = parseSort(dataset.value, keys);
      if (order) return order;
      addIssue({ message });
      return NEVER;
    }),
  );
}

/** The sortable columns of the transaction lists (Transactions, Payouts). Newest first by default. */
export const TRANSACTION_SORT_KEYS = ['date', 'reference', 'customer', 'amount', 'type', 'status'] as const;
export type TransactionSortKey = (typeof TRANSACTION_SORT_KEYS)[number];
export const TRANSACTION_SORT_DEFAULT: SortOrder<TransactionSortKey> = { key: 'date', direction: 'desc' };

/**
 * Every other list's allow-list and default order (decision 044). Each default is the order the
 * list had before it could sort (the spec's newest first, or the roles' built-in first); `created`
 * and the like order by a column the table may not show.
 */
export const MERCHANT_SORT_KEYS = ['created', 'name', 'code', 'status'] as const;
export type MerchantSortKey = (typeof MERCHANT_SORT_KEYS)[number];
export const MERCHANT_SORT_DEFAULT: SortOrder<MerchantSortKey> = {
  key: 'created',
  direction: 'desc',
};

export const PAYMENT_METHOD_SORT_KEYS = ['created', 'name', 'type', 'status'] as const;
export type PaymentMethodSortKey = (typeof PAYMENT_METHOD_SORT_KEYS)[number];
export const PAYMENT_METHOD_SORT_DEFAULT: SortOrder<PaymentMethodSortKey> = {
  key: 'created',
  direction: 'desc',
};

export const CURRENCY_SORT_KEYS = ['created', 'name', 'code', 'places'] as const;
export type CurrencySortKey = (typeof CURRENCY_SORT_KEYS)[number];
export const CURRENCY_SORT_DEFAULT: SortOrder<CurrencySortKey> = {
  key: 'created',
  direction: 'desc',
};

export const GL_ACCOUNT_SORT_KEYS = ['created', 'name', 'type', 'status'] as const;
export type GlAccountSortKey = (typeof GL_ACCOUNT_SORT_KEYS)[number];
export const GL_ACCOUNT_SORT_DEFAULT: SortOrder<GlAccountSortKey> = {
  key: 'created',
  direction: 'desc',
};

export const ACCOUNT_MAPPING_SORT_KEYS = ['created', 'type'] as const;
export type AccountMappingSortKey = (typeof ACCOUNT_MAPPING_SORT_KEYS)[number];
export const ACCOUNT_MAPPING_SORT_DEFAULT: SortOrder<AccountMappingSortKey> = {
  key: 'created',
  direction: 'desc',
};

export const GATEWAY_ACCOUNT_SORT_KEYS = ['created', 'code', 'balance', 'status'] as const;
export type GatewayAccountSortKey = (typeof GATEWAY_ACCOUNT_SORT_KEYS)[number];
export const GATEWAY_ACCOUNT_SORT_DEFAULT: SortOrder<GatewayAccountSortKey> = {
  key: 'created',
  direction: 'desc',
};

export const JOURNAL_ENTRY_SORT_KEYS = ['date', 'amount'] as const;
export type JournalEntrySortKey = (typeof JOURNAL_ENTRY_SORT_KEYS)[number];
export const JOURNAL_ENTRY_SORT_DEFAULT: SortOrder<JournalEntrySortKey> = {
  key: 'date',
  direction: 'desc',
};

export const USER_SORT_KEYS = ['created', 'name', 'email', 'status', 'last_sign_in'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export const USER_SORT_DEFAULT: SortOrder<UserSortKey> = {
  key: 'created',
  direction: 'desc',
};

/** `kind`: built-in roles first, then by name (case-insensitively), as the list always was. */
export const ROLE_SORT_KEYS = ['kind', 'name'] as const;
export type RoleSortKey = (typeof ROLE_SORT_KEYS)[number];
export const ROLE_SORT_DEFAULT: SortOrder<RoleSortKey> = {
  key: 'kind',
  direction: 'asc',
};

export const API_CLIENT_SORT_KEYS = ['created', 'name', 'status'] as const;
export type ApiClientSortKey = (typeof API_CLIENT_SORT_KEYS)[number];
export const API_CLIENT_SORT_DEFAULT: SortOrder<ApiClientSortKey> = {
  key: 'created',
  direction: 'desc',
};

export const APPROVAL_SORT_KEYS = ['requested', 'status'] as const;
export type ApprovalSortKey = (typeof APPROVAL_SORT_KEYS)[number];
export const APPROVAL_SORT_DEFAULT: SortOrder<ApprovalSortKey> = {
  key: 'requested',
  direction: 'desc',
};

export const DISPUTE_SORT_KEYS = ['opened', 'amount', 'status', 'due'] as const;
export type DisputeSortKey = (typeof DISPUTE_SORT_KEYS)[number];
export const DISPUTE_SORT_DEFAULT: SortOrder<DisputeSortKey> = {
  key: 'opened',
  direction: 'desc',
};

export const AUDIT_SORT_KEYS = ['at', 'action', 'outcome'] as const;
export type AuditSortKey = (typeof AUDIT_SORT_KEYS)[number];
export const AUDIT_SORT_DEFAULT: SortOrder<AuditSortKey> = {
  key: 'at',
  direction: 'desc',
};

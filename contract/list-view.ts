/**
 * Column choices and saved views of the console's lists (issue 24, decision 042). Each list the
 * server knows has an id, the ids of its columns (the console's column definitions use the same
 * ids), the columns that cannot be hidden (the one that names and opens the row) and the search
 * params a saved view may keep. Everything a person sends is checked against these allow-lists.
 */
import * as v from 'valibot';
import { idSchema, plainText, recordedActorSchema, timestampSchema } from './common';
import { payloadObject, requiredText } from './fields';
import { API_ERRORS } from './messages';

interface ListSpec {
  /** Every column the picker may show, hide or move, in the list's default order. */
  readonly columns: readonly [string, ...string[]];
  /** Always shown: the column that names the row. */
  readonly required: readonly string[];
  /** The route's search params a saved view keeps (never `page`, nor a drawer's `tx`). */
  readonly search: readonly string[];
}

/** The search params of every list with a range of dates and rich filters (Transactions, Payouts). */
const MONEY_LIST_SEARCH = [
  'search',
  'from',
  'to',
  'sort',
  'amountMin',
  'amountMax',
  'currency',
  'paymentMethod',
  'merchant',
  'limit',
] as const;

/** The search params of a list that pages, searches and sorts, and nothing more. */
const CATALOGUE_SEARCH = ['search', 'sort', 'limit'] as const;

export const LISTS = {
  transactions: {
    columns: [
      'transaction_date',
      'reference',
      'customer',
      'amount',
      'type',
      'currency',
      'paymentMethod',
      'status',
    ],
    required: ['reference'],
    search: [...MONEY_LIST_SEARCH, 'reference', 'status'],
  },
  payouts: {
    columns: ['transaction_date', 'code', 'customer', 'amount', 'type', 'currency', 'paymentType', 'status'],
    required: ['code'],
    search: MONEY_LIST_SEARCH,
  },
  merchants: {
    columns: ['logo', 'name', 'merchant_code', 'phone', 'website', 'industry', 'status'],
    required: ['name'],
    search: ['search', 'filter', 'sort', 'limit'],
  },
  currencies: {
    columns: ['name', 'name_code', 'display_symbol', 'decimal_places', 'in_multiples_of'],
    required: ['name'],
    search: CATALOGUE_SEARCH,
  },
  'payment-methods': {
    columns: ['logo', 'name', 'type', 'url', 'status'],
    required: ['name'],
    search: CATALOGUE_SEARCH,
  },
  'gl-accounts': {
    columns: ['name', 'type', 'description', 'manual_journal_entries_allowed', 'status'],
    required: ['name'],
    search: CATALOGUE_SEARCH,
  },
  'account-mappings': {
    columns: ['financial_account_type', 'paymentMethod', 'charge', 'glAccount', 'currency'],
    required: ['financial_account_type'],
    search: CATALOGUE_SEARCH,
  },
  'gateway-accounts': {
    columns: ['logo', 'code', 'paymentMethod', 'account_number', 'total_balance', 'routing_code', 'status'],
    required: ['code'],
    search: CATALOGUE_SEARCH,
  },
  'journal-entries': {
    columns: ['created_at', 'glAccount', 'debit', 'credit', 'type', 'transaction_reference'],
    required: ['glAccount'],
    search: [...CATALOGUE_SEARCH, 'entry'],
  },
  users: {
    columns: ['name', 'email', 'roles', 'status', 'last_sign_in_at'],
    required: ['name'],
    search: [...CATALOGUE_SEARCH, 'status'],
  },
  roles: {
    columns: ['name', 'built_in', 'permissions', 'user_count', 'requires_second_factor'],
    required: ['name'],
    search: CATALOGUE_SEARCH,
  },
  'api-clients': {
    columns: ['name', 'key_prefix', 'scopes', 'status', 'created_at'],
    required: ['name'],
    search: [...CATALOGUE_SEARCH, 'status'],
  },
  approvals: {
    columns: ['summary', 'amount', 'requested_by', 'requested_at', 'status'],
    required: ['summary'],
    search: [...CATALOGUE_SEARCH, 'status'],
  },
  disputes: {
    columns: ['payment', 'merchant', 'amount', 'status', 'response_due', 'created_at'],
    required: ['payment'],
    search: [...CATALOGUE_SEARCH, 'status', 'from', 'to'],
  },
  'audit-log': {
    columns: ['at', 'actor', 'address', 'action', 'resource', 'outcome', 'change'],
    required: ['at'],
    search: [...CATALOGUE_SEARCH, 'from', 'to', 'action', 'resource_type', 'outcome'],
  },
} as const satisfies Record<string, ListSpec>;

export const LIST_IDS = Object.keys(LISTS) as [ListId, ...ListId[]];
export type ListId = keyof typeof LISTS;

export function isListId(value: string): value is ListId {
  return Object.hasOwn(LISTS, value);
}

/** At most this many views per person and list; a name is at most NAME_MAX characters. */
export const LIST_VIEW_LIMIT = 50;
export const LIST_VIEW_NAME_MAX = 100;
/** A kept search value is at most this long (the longest search param, `reference`, is 200). */
const SEARCH_VALUE_MAX = 200;

export const LIST_VIEW_MESSAGES = {
  list: `Must be one of ${LIST_IDS.join(', ')}`,
  name: 'Name is required',
  nameTooLong: `Name must be at most ${LIST_VIEW_NAME_MAX} characters`,
  columns: 'Columns must be a list of column ids',
  unknownColumn: (id: string, list: ListId) => `${id} is not a column of ${list}`,
  repeatedColumn: (id: string) => `${id} is named twice`,
  requiredColumn: (id: string) => `${id} cannot be hidden`,
  search: 'Search must be an object of search params',
  unknownSearch: (key: string, list: ListId) => `${key} is not a search param of ${list}`,
  searchValue: `Must be a text of at most ${SEARCH_VALUE_MAX} characters or a number`,
  shared: 'Shared must be true or false',
} as const;

export const LIST_VIEW_ERRORS = {
  notFound: API_ERRORS.notFound('Saved view'),
  duplicateName: 'You already have a saved view with this name on this list',
  tooMany: `At most ${LIST_VIEW_LIMIT} saved views per list`,
  notOwner: 'Only the person who saved this view can change or delete it',
} as const;

const listIdField = v.picklist(LIST_IDS, LIST_VIEW_MESSAGES.list);

/** `?list=transactions`: required (missing, it gets the same message as an unknown list). */
export const listQuerySchema = payloadObject({ list: listIdField });
export type ListQuery = v.InferOutput<typeof listQuerySchema>;

/** Column ids in order; checked against the list by `columnsProblem`. */
const columnsField = v.pipe(
  v.array(
    v.pipe(v.string(LIST_VIEW_MESSAGES.columns), v.maxLength(100, LIST_VIEW_MESSAGES.columns)),
    LIST_VIEW_MESSAGES.columns,
  ),
  v.maxLength(100, LIST_VIEW_MESSAGES.columns),
);

const searchValue = v.union(
  [
    v.pipe(v.string(), plainText<string>('search'), v.maxLength(SEARCH_VALUE_MAX)),
    v.pipe(v.number(), v.finite()),
  ],
  LIST_VIEW_MESSAGES.searchValue,
);

/** A list's search params as its route validated them; the keys are checked by `searchProblem`. */
const searchField = v.pipe(
  v.custom<Record<string, unknown>>((x) => !Array.isArray(x), LIST_VIEW_MESSAGES.search),
  v.record(v.pipe(v.string(), v.maxLength(50)), searchValue, LIST_VIEW_MESSAGES.search),
);
export type ListSearch = v.InferOutput<typeof searchField>;

/** The columns a person shows on a list, in order; null: the list's own (never chosen, or reset). */
export const listPreferenceSchema = v.object({
  list: listIdField,
  columns: v.nullable(v.array(v.string())),
});
export type ListPreference = v.InferOutput<typeof listPreferenceSchema>;

export const listPreferencePayloadSchema = payloadObject({ list: listIdField, columns: columnsField });
export type ListPreferenceInput = v.InferInput<typeof listPreferencePayloadSchema>;

export const listViewSchema = v.object({
  id: idSchema,
  list: listIdField,
  name: v.string(),
  search: searchField,
  /** The view's columns, in order; null: it keeps none (the person's own stay). */
  columns: v.nullable(v.array(v.string())),
  /** Everyone signed in may find and apply it; only its owner may change it. */
  shared: v.boolean(),
  owner: v.nonNullable(recordedActorSchema),
  /** The caller saved it. */
  mine: v.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ListView = v.InferOutput<typeof listViewSchema>;

const nameField = requiredText(LIST_VIEW_MESSAGES.name, 'Name', LIST_VIEW_NAME_MAX);
const sharedField = v.boolean(LIST_VIEW_MESSAGES.shared);

export const listViewCreatePayloadSchema = payloadObject({
  list: listIdField,
  name: nameField,
  /** Left out: the list's defaults. */
  search: v.optional(searchField, {}),
  columns: v.optional(v.nullable(columnsField), null),
  shared: v.optional(sharedField, false),
});
export type ListViewCreateInput = v.InferInput<typeof listViewCreatePayloadSchema>;

/** Each field left out stays as it is. */
export const listViewUpdatePayloadSchema = payloadObject({
  name: v.optional(nameField),
  search: v.optional(searchField),
  columns: v.optional(v.nullable(columnsField)),
  shared: v.optional(sharedField),
});
export type ListViewUpdateInput = v.InferInput<typeof listViewUpdatePayloadSchema>;

/** What is wrong with columns for a list, as `columns.N: message`, or null. */
export function columnsProblem(list: ListId, columns: readonly string[]): string | null {
  const spec = LISTS[list];
  const allowed: readonly string[] = spec.columns;
  const seen = new Set<string>();
  for (const [at, id] of columns.entries()) {
    if (!allowed.includes(id)) return `columns.${at}: ${LIST_VIEW_MESSAGES.unknownColumn(id, list)}`;
    if (seen.has(id)) return `columns.${at}: ${LIST_VIEW_MESSAGES.repeatedColumn(id)}`;
    seen.add(id);
  }
  const missing = spec.required.find((id) => !seen.has(id));
  return missing === undefined ? null : `columns: ${LIST_VIEW_MESSAGES.requiredColumn(missing)}`;
}

/** What is wrong with a search for a list, as `search.key: message`, or null. */
export function searchProblem(list: ListId, search: ListSearch): string | null {
  const allowed: readonly string[] = LISTS[list].search;
  const unknown = Object.keys(search).find((key) => !allowed.includes(key));
  return unknown === undefined
    ? null
    : `search.${unknown}: ${LIST_VIEW_MESSAGES.unknownSearch(unknown, list)}`;
}

/** The list-dependent checks of a view's search and columns (the schemas check their shapes). */
export function listViewProblem(
  list: ListId,
  view: { search?: ListSearch | undefined; columns?: readonly string[] | null | undefined },
): string | null {
  return (
    (view.search ? searchProblem(list, view.search) : null) ??
    (view.columns ? columnsProblem(list, view.columns) : null)
  );
}

/** A list's search kept by a view: only its allowed params, the rest (page, a drawer) left out. */
export function viewSearchOf(list: ListId, search: Readonly<Record<string, unknown>>): ListSearch {
  const allowed: readonly string[] = LISTS[list].search;
  const kept: ListSearch = {};
  for (const [key, value] of Object.entries(search)) {
    if (!allowed.includes(key)) continue;
    if (typeof value === 'string' && value !== '' && value.length <= SEARCH_VALUE_MAX) kept[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = value;
  }
  return kept;
}

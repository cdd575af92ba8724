import * as v from 'valibot';
import { API_ERRORS, VALIDATION } from './messages';

/**
 * A closed list of string values (a spec enum) and the picklist schema of exactly those values:
 * `export const [VALUES, valueSchema] = valueList([...])`, its type `v.InferOutput<typeof valueSchema>`.
 */
export function valueList<const T extends readonly [string, ...string[]]>(values: T) {
  return [values, v.picklist(values)] as const;
}

/** The largest value of a PostgreSQL `integer` column (int4). */
export const PG_INTEGER_MAX = 2_147_483_647;

/** Why a text may not be taken as sent, or null when it may. */
export type TextProblem = 'control' | 'unicode';

/**
 * What no text of the API may hold: C0 control characters and DEL (NUL cannot be stored by
 * PostgreSQL at all; the others have no place in a name, a code or a search), except tab, line feed
 * and carriage return in multi-line text; and a lone UTF-16 surrogate, which has no UTF-8 form and
 * would be stored as U+FFFD instead of what was sent. A loop, not a regex: a regex of control
 * characters is what linters flag as a mistake.
 */
export function textProblem(s: string, multiLine = false): TextProblem | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      if (multiLine && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return 'control';
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'unicode';
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return 'unicode';
  }
  return null;
}

/**
 * The check every text that comes in goes through (query values, path parameters, form and JSON
 * fields): refuses what `textProblem` finds, with a message naming `label`. A validation, so a
 * console form shows it beside its other messages; non-strings are left to the type check before it.
 */
export function plainText<TInput>(label: string, options: { multiLine?: boolean } = {}) {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    if (!dataset.typed || typeof dataset.value !== 'string') return;
    const problem = textProblem(dataset.value, options.multiLine);
    if (problem === 'control') addIssue({ message: VALIDATION.common.controlCharacters(label) });
    else if (problem === 'unicode') addIssue({ message: VALIDATION.common.invalidUnicode(label) });
  });
}

/** An optional free-text query value (a search): trimmed, plain text, at most `max` characters. */
export function queryText(field: string, max = 200) {
  return v.optional(
    v.pipe(v.string(), v.trim(), plainText<string>(field), v.maxLength(max, API_ERRORS.queryTooLong(field))),
  );
}

/** Identifiers are UUIDs on every resource. */
export const idSchema = v.pipe(v.string(), v.uuid('id must be a UUID'));

/**
 * Ours: a member of staff as a record names them (who decided a payout, who changed a merchant's
 * status): their users id and the name they had then. Null where no person was recorded.
 */
export const recordedActorSchema = v.nullable(v.object({ id: idSchema, name: v.string() }));
export type RecordedActor = v.InferOutput<typeof recordedActorSchema>;

export const PAGE_DEFAULT = 1;
export const LIMIT_DEFAULT = 10;
/** Page sizes offered by every list (spec §9). */
export const LIMIT_OPTIONS = [10, 20, 50, 100] as const;
/** Largest page the API serves: the dropdown loads of spec §9 ask for 100. */
export const LIMIT_MAX = 100;

/**
 * A positive integer arriving as a query-string value. The API is strict (400 naming the field);
 * the console's search params are lenient and fall back to defaults instead (src/lib/search-params.ts).
 */
export function intQueryParam(field: string, fallback: number, max?: number) {
  const bounds = max === undefined ? 'a positive integer' : `an integer from 1 to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,8}$/, `${field} must be ${bounds}`),
      v.transform(Number),
      v.maxValue(max ?? Number.MAX_SAFE_INTEGER, `${field} must be ${bounds}`),
    ),
    String(fallback),
  );
}

/** `page`, `limit` and `search_term`: the query every paged list call takes (spec §7). */
export const pageQueryEntries = {
  page: intQueryParam('page', PAGE_DEFAULT),
  limit: intQueryParam('limit', LIMIT_DEFAULT, LIMIT_MAX),
  search_term: queryText('search_term'),
};

export const pageQuerySchema = v.object(pageQueryEntries);
export type PageQuery = v.InferOutput<typeof pageQuerySchema>;

/**
 * Money on the wire is an exact decimal string ("1250.50"), never a binary float, so no cent is
 * lost between the database's numeric columns and the screen.
 */
export const decimalSchema = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number'));

/** Inputs accept a JSON number or a decimal string and normalise to the decimal string. */
export function decimalInput(field: string) {
  return v.pipe(
    v.union(
      [
        v.pipe(
          v.number(),
          v.finite(),
          v.transform((n) => String(n)),
        ),
        decimalSchema,
      ],
      `${field} must be a number`,
    ),
    v.regex(/^\d+(\.\d+)?$/, `${field} must be a positive number`),
  );
}

/** A calendar day, YYYY-MM-DD (spec §9). */
export const isoDateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD form'),
  v.check(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      !s.startsWith('0000') &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'must be a real calendar date',
  ),
);

/** Timestamps on the wire are ISO 8601 strings with a zone. */
export const timestampSchema = v.pipe(v.string(), v.isoTimestamp());

export const nullableString = v.nullable(v.string());

/** Ours: when a recorded decision or change was made, and by whom (a payout's decision, a status change). */
export const decidedEntries = { at: timestampSchema, by: recordedActorSchema };

/**
 * Ours: an entity as `GET {resource}/{id}` and its command answer it, with one more record under
 * `key`, null while there is none. Lists keep the entity as the spec has it.
 */
export function detailWith<
  const E extends v.ObjectEntries,
  const K extends string,
  S extends v.GenericSchema,
>(entity: v.ObjectSchema<E, undefined>, key: K, record: S) {
  const extra = { [key]: v.nullable(record) } as { [P in K]: v.NullableSchema<S, undefined> };
  return v.object({ ...entity.entries, ...extra });
}

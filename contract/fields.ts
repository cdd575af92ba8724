import * as v from 'valibot';
import { PG_INTEGER_MAX, plainText, timestampSchema, valueList } from './common';
import { API_ERRORS, VALIDATION } from './messages';

/**
 * Building blocks shared by the resource schemas. Payload fields take what a console form produces
 * (TextInput strings, Mantine NumberInput `number | string` with '' when empty, Select `string | null`)
 * and what a JSON client sends, and answer each broken rule with one product message. Query fields
 * are strict: a bad value is a 400 whose message names the field.
 */

/**
 * A payload object. valibot reports a missing key with a generic "Invalid key" text and never runs
 * the field's schema; here a missing key is read as `undefined`, so a JSON client that leaves a field
 * out gets the same product message as a form that left it empty, and a field may treat absence
 * as "none" without an optional (`?:`) input type, which TanStack Form's typing would refuse.
 * Unknown keys are dropped.
 */
export function payloadObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const base = v.object(entries, API_ERRORS.bodyObject);
  const run: (typeof base)['~run'] = (dataset, config) => {
    const input = dataset.value;
    if (!input || typeof input !== 'object' || Array.isArray(input)) return base['~run'](dataset, config);
    const filled: Record<string, unknown> = { ...input };
    for (const key in entries) if (!(key in filled)) filled[key] = undefined;
    return base['~run']({ ...dataset, value: filled }, config);
  };
  // `~standard` must call the filling run too, or forms and the server would disagree.
  const schema: typeof base = { ...base, '~run': run };
  v._standardSchema(schema);
  return schema;
}

/**
 * A field a JSON client may leave out. Its input type stays `T` (what the form holds) while
 * `undefined` is let through for the next pipe step to turn into "none".
 */
export function mayBeAbsent<T>(guard: (x: unknown) => boolean, message: string) {
  return v.custom<T>((x) => x === undefined || guard(x), message);
}

/**
 * A trimmed, required, bounded, plain text (`plainText`: one line unless `multiLine`). Missing, null
 * and blank all get `message`.
 */
export function requiredText(
  message: string,
  label: string,
  max = 255,
  options: { readonly multiLine?: boolean } = {},
) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    plainText<string>(label, options),
    v.maxLength(max, VALIDATION.common.tooLong(label, max)),
  );
}

/**
 * A website as the console links it (`externalUrl` in src/lib/format.ts adds `https://` when no
 * scheme is written): http or https, a host with a dot, no spaces and no user or password. The
 * browser's own URL parser decides what a host is, so `not a url` and `javascript:…` are refused.
 */
export function isWebAddress(text: string): boolean {
  if (text === '' || /\s/.test(text)) return false;
  const hasScheme = text.includes('://');
  if (hasScheme && !/^https?:\/\//i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return false;
  }
  // A URL parser reads `1`, `1.2` or `0x1` as an IPv4 address (0.0.0.1), which nobody means as a
  // website: an address is taken as typed, in full.
  const typedHost = (hasScheme ? text.replace(/^https?:\/\//i, '') : text).split(/[/?#:]/)[0] ?? '';
  const ipv4 = /^\d+(\.\d+){3}$/.test(url.hostname);
  return (
    url.username === '' &&
    url.password === '' &&
    /^[a-z\d-]+(\.[a-z\d-]+)+$/i.test(url.hostname) &&
    typedHost.includes('.') &&
    (!ipv4 || url.hostname === typedHost)
  );
}

/** {@link requiredText}, then `invalid` for anything that is not a web address ({@link isWebAddress}). */
export function webAddressInput(messages: { required: string; invalid: string }, label: string, max: number) {
  // settled(): a missing, blank or too long address gets that message alone.
  return v.pipe(
    requiredText(messages.required, label, max),
    settled<string>(),
    v.check(isWebAddress, messages.invalid),
  );
}

/**
 * An image the console's Content-Security-Policy lets it show (`img-src 'self' data: blob:`,
 * server/http/response-headers.ts): a path on the console's own server (`/api/v1/files/logos/…`),
 * or a `data:image/…` URL. Any other site's address would be blocked and show initials instead.
 */
export function isShownImage(text: string): boolean {
  if (/^data:image\/[a-z\d.+-]+(;[a-z\d=.+-]+)*,/i.test(text)) return true;
  // One leading slash: `//host/x` is another site, and browsers read `/\host` the same way.
  return /^\/(?![/\\])/.test(text) && !/[\s\\]/.test(text);
}

/** {@link requiredText}, then `invalid` for an image the console could not show ({@link isShownImage}). */
export function shownImageInput(messages: { required: string; invalid: string }, label: string, max: number) {
  return v.pipe(
    requiredText(messages.required, label, max),
    settled<string>(),
    v.check(isShownImage, messages.invalid),
  );
}

/** A required id picked from a Select: null or '' means nothing was chosen. */
export function selectedId(message: string, field: string) {
  // The inner schema stops the pipe once nonEmpty has failed, so an empty value gets one message.
  return v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.pipe(v.string(), v.uuid(API_ERRORS.queryUuid(field))),
  );
}

/** An optional id picked from a Select: null, '' and a left-out key all become null. */
export function optionalId(field: string) {
  const message = API_ERRORS.queryUuid(field);
  return v.pipe(
    mayBeAbsent<string | null>((x) => x === null || typeof x === 'string', message),
    v.transform((x) => (x === undefined || x === null || x.trim() === '' ? null : x.trim())),
    v.nullable(v.pipe(v.string(), v.uuid(message))),
  );
}

/**
 * Ends a field's pipe with a transformation, so a check that failed last leaves the field untyped.
 * A failed check alone keeps the value typed, and the object's checks across fields (a percent at
 * most 100, max above min) would then read a value already refused: a 301-digit amount makes the
 * exact decimal maths throw, which every side that parses the schema would answer with a 500.
 */
function settled<T>() {
  return v.transform<T, T>((x) => x);
}

/** Number inputs hand over `number | string`; '' and missing mean "not filled in". */
function filledNumber(required: string, invalid: string) {
  return v.pipe(
    v.union([v.number(), v.string()], required),
    v.transform((x) => (typeof x === 'string' ? x.trim() : x)),
    v.check((x) => x !== '', required),
    // Validations after a failed one still run; each leaves the cases before it alone.
    v.check((x) => typeof x === 'number' || x === '' || /^-?\d+(\.\d+)?$/.test(x), invalid),
    v.transform((x) => Number(x)),
    v.check((n) => Number.isFinite(n), invalid),
  );
}

/**
 * A whole number from a number input, from `min` to `max` (by default what an `integer` column
 * holds, PG_INTEGER_MAX); `tooLarge` for a larger one.
 */
export function integerInput(
  messages: { required: string; integer: string; min: string; tooLarge: string },
  min: number,
  max = PG_INTEGER_MAX,
) {
  return v.pipe(
    filledNumber(messages.required, messages.integer),
    v.integer(messages.integer),
    // A fraction is reported once, as not whole, even when it is also below the minimum or too large.
    v.check((n) => !Number.isInteger(n) || n >= min, messages.min),
    v.check((n) => !Number.isInteger(n) || n <= max, messages.tooLarge),
  );
}

/** JSON numbers beyond 1e21 or below 1e-6 print with an exponent; money must not. */
export function numberToDecimal(n: number): string {
  const s = String(n);
  return /e/i.test(s) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : s;
}

/** Leading zeros carry no value in an amount ("007.50" is "7.50"); trailing ones are kept as typed. */
function canonicalDecimal(s: string): string {
  return s.replace(/^0+(?=\d)/, '');
}

/** The digits a double keeps for any decimal (DBL_DIG): up to 15, the text read back is the text sent. */
export const JSON_NUMBER_MAX_DIGITS = 15;

/**
 * Whether a JSON number is surely the amount its sender wrote. A double keeps 15 significant
 * digits, so a number that prints with more (12345678901234567.5 reads back as
 * "12345678901234568") may not be what was sent, and neither may a whole number of 16 or more
 * digits (100000000000000001 reads back as 1e17): digits are counted from the first non-zero one,
 * trailing zeros of whole numbers included. Not finite is refused too (1e400 parses as Infinity).
 * Negative, NaN and from 1e18 up are left to the other rules ("positive", "too large").
 */
function isExactJsonNumber(x: number | string): boolean {
  if (typeof x === 'string' || Number.isNaN(x) || x < 0) return true;
  if (x === Number.POSITIVE_INFINITY) return false;
  if (x >= 1e18) return true;
  const digits = numberToDecimal(x).replace('.', '').replace(/^0+/, '');
  return digits.length <= JSON_NUMBER_MAX_DIGITS;
}

/**
 * Money from a number input or JSON, normalised to an exact decimal string (docs/decisions/003).
 * Negative, empty and non-numeric inputs all get `message` (spec §5 words "min 0" that way).
 * A JSON number is taken only when it holds the amount exactly (`isExactJsonNumber`); longer
 * amounts must come as decimal strings. The database keeps numeric(24,6): at most 18 integer and 6
 * fraction digits.
 */
export function moneyInput(label: string, message: string) {
  return v.pipe(
    v.union([v.number(), v.string()], message),
    // A failed check stops the pipe at the next transform, so the caller reads one message.
    v.check(isExactJsonNumber, VALIDATION.common.amountAsString(label)),
    v.transform((x) => (typeof x === 'number' ? numberToDecimal(x) : x.trim())),
    v.regex(/^\d+(\.\d+)?$/, message),
    v.check((s) => !/^\d+\.\d{7,}$/.test(s), VALIDATION.common.amountPrecision(label)),
    v.transform(canonicalDecimal),
    v.check((s) => (s.split('.')[0] ?? '').length <= 18, VALIDATION.common.amountTooLarge(label)),
    settled(),
  );
}

/**
 * A positive whole number kept as a digit string: account and phone numbers can be longer than a
 * double holds exactly and keep their leading zeros ("0911..."); amounts drop them.
 */
export function positiveDigitsInput<TInput extends number | string = number | string>(
  messages: { required: string; invalid: string },
  options: { keepLeadingZeros: boolean; maxLength: number },
) {
  return v.pipe(
    // Typed as the form holds it (a TextInput gives a string); JSON numbers are let in all the same.
    v.custom<TInput>((x) => typeof x === 'number' || typeof x === 'string', messages.required),
    v.transform((x: TInput) =>
      typeof x === 'number' ? (Number.isSafeInteger(x) ? String(x) : 'x') : String(x).trim(),
    ),
    v.check((s) => s !== '', messages.required),
    v.check((s) => s === '' || (/^\d+$/.test(s) && /[1-9]/.test(s)), messages.invalid),
    v.transform((s) => (options.keepLeadingZeros ? s : canonicalDecimal(s))),
    v.maxLength(options.maxLength, messages.invalid),
    settled(),
  );
}

/** Spec §4 status of payment methods, gateway accounts, limits and GL accounts. */
export const [ACTIVE_STATUSES, activeStatusSchema] = valueList(['ACTIVE', 'INACTIVE']);
export type ActiveStatus = v.InferOutput<typeof activeStatusSchema>;

/**
 * The last fields of an activatable catalogue record (payment methods, gateway accounts, limits and
 * GL accounts): its status, and (ours, read-only, what lists are ordered by) when it was created.
 */
export const activatableEntries = { status: activeStatusSchema, created_at: timestampSchema };

/** `?command=activate|deactivate` on payment methods, gateway accounts and limits (spec §7). */
export const [ACTIVATION_COMMANDS, activationCommandQuerySchema] = commandList(['activate', 'deactivate']);
export type ActivationCommand = (typeof ACTIVATION_COMMANDS)[number];
export const ACTIVATION_COMMAND_TARGET: Readonly<Record<ActivationCommand, ActiveStatus>> = {
  activate: 'ACTIVE',
  deactivate: 'INACTIVE',
};

/**
 * A resource's commands and the `?command=` query taking one of them (any other value is refused
 * with the catalogue's text): `export const [COMMANDS, commandQuerySchema] = commandList([...])`.
 */
export function commandList<const T extends readonly [string, ...string[]]>(commands: T) {
  return [
    commands,
    payloadObject({ command: v.picklist(commands, API_ERRORS.queryEnum('command', commands)) }),
  ] as const;
}

/** An optional query value from a fixed list; '' counts as absent (the console sends empty filters). */
export function queryEnum<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.optional(v.picklist(values, API_ERRORS.queryEnum(field, values))),
    ),
  );
}

/** A comma-separated query list of fixed values, deduplicated, in the order given. */
export function queryList<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  const message = API_ERRORS.queryList(field, values);
  return v.pipe(
    v.string(),
    v.transform((s) => [...new Set(s.split(',').map((x) => x.trim()))]),
    v.check((items) => items.every((x) => (values as readonly string[]).includes(x)), message),
    v.transform((items) => items as T[number][]),
  );
}

/** A real day of the years 1 to 9999 (PostgreSQL has no year 0: '0000-01-01' is out of range). */
export function isCalendarDate(s: string): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && !s.startsWith('0000') && new Date(t).toISOString().startsWith(s);
}

/** An optional YYYY-MM-DD query value (spec §9 "query string dates yyyy-MM-dd"). */
export function queryDate(field: string) {
  const message = API_ERRORS.queryDate(field);
  return v.optional(
    v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, message), v.check(isCalendarDate, message)),
  );
}

/** A YYYY-MM-DD payload value; `message` for anything else. */
export function dateInput(message: string) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check(isCalendarDate, message),
  );
}

export function queryUuid(field: string) {
  return v.optional(v.pipe(v.string(), v.uuid(API_ERRORS.queryUuid(field))));
}

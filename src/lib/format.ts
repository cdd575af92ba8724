import { EMPTY } from './copy';
import { formatMoney, groupDigits } from './money';

/** `PENDING_VERIFICATION` -> `Pending Verification`: a readable label for an enum value. */
export function humanizeEnum(value: string): string {
  return value
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec §2: the first two letters of the name, upper case (letters and digits only). */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 2)
    .toUpperCase();
}

/** The spec's '---' for an empty field. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY : String(value);
}

/** An absolute URL for a website written without its scheme (`acme.et` -> `https://acme.et`). */
export function externalUrl(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** A website as people read it: no scheme, no trailing slash (`https://acme.et/` -> `acme.et`). */
export function displayUrl(website: string): string {
  return website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/**
 * Display labels the spec gives for enum values (spec §9: PERCENT is labelled Percentage). Every
 * other value is humanized: `WEEKLY` -> `Weekly`, `TRANSACTION_FEE` -> `Transaction Fee`.
 */
const SPEC_LABELS: Readonly<Record<string, string>> = { PERCENT: 'Percentage' };

/** An enum value as every screen shows it: the spec's label where it gives one, else humanized. */
export function enumLabel(value: string): string {
  return SPEC_LABELS[value] ?? humanizeEnum(value);
}

/**
 * An amount as every table shows it, from its exact decimal string: padded to the currency's places
 * when they are known, else only grouped (`5000` -> `5,000`). Never through a JavaScript number.
 */
export function formatAmount(value: string, places?: number): string {
  return places === undefined ? groupDigits(value) : formatMoney(value, places);
}

/** A currency in a table's Currency column, as beside every amount: its code (`ETB`). */
export function currencyCode(currency: { name_code: string }): string {
  return currency.name_code;
}

/** A currency named in full, where there is room: `Ethiopian Birr (ETB)`. */
export function currencyName(currency: { name: string; name_code: string }): string {
  return `${currency.name} (${currency.name_code})`;
}

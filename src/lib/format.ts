import { EMPTY } from './copy';

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

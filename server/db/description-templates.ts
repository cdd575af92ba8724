/**
 * Journal descriptions written from a template (migration 0028, docs/decisions/048). A template is
 * its literal parts L0..Lk around k variable parts (a reference, an amount): a description
 * `L0 V1 L1 ... Vk Lk` is recognised by the database when the journal is written, which keeps the
 * template's id and the description's *residue* `SEP V1 SEP V2 ... SEP Vk SEP` (every literal part
 * replaced by one separator) on the journal.
 *
 * A term inside a literal part matches every journal of its template: those are counted from the
 * kept sums per template. Any other occurrence of the term in such a description touches at least
 * one variable part, and maps onto the residue: the literal parts it covers become separators, the
 * variable parts it covers stay as they are. `residueNeedles` lists those images; a journal whose
 * residue contains none of them cannot contain the term, so only the journals whose residue does
 * are checked one by one (through the residue's trigram index).
 */

/** Stands for a literal part in the residue (the unit separator; never in a search term). */
export const RESIDUE_SEPARATOR = '\u001f';

/** Past this many steps a term's alignment is given up: the caller checks every journal instead. */
const ALIGNMENT_STEPS_MAX = 20_000;

/**
 * Whether a literal's character may equal a term's character under ILIKE. Permissive on purpose:
 * ASCII letters compare without case, and anything outside ASCII may equal anything (the database's
 * case mapping decides those), so an alignment is never missed, only sometimes tried in vain.
 */
function mayEqual(literal: string, term: string): boolean {
  if (literal.charCodeAt(0) > 0x7f || term.charCodeAt(0) > 0x7f) return true;
  return literal.toLowerCase() === term.toLowerCase();
}

function fits(literal: readonly string[], from: number, term: readonly string[]): boolean {
  return term.every((char, at) => {
    const own = literal[from + at];
    return own !== undefined && mayEqual(own, char);
  });
}

/** Removes every needle that contains another: a residue holding the longer holds the shorter. */
function shortest(needles: ReadonlySet<string>): string[] {
  const sorted = [...needles].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const needle of sorted) {
    if (!kept.some((shorter) => needle.includes(shorter))) kept.push(needle);
  }
  return kept;
}

/**
 * What a journal's residue must contain (at least one of, compared without case as ILIKE does)
 * for its description, written from the template `literals` (L0..Lk), to contain `term` somewhere
 * other than wholly inside one literal part. Null when the term aligns in too many ways to list:
 * then every journal of the template has to be checked.
 */
export function residueNeedles(literals: readonly string[], term: string): string[] | null {
  const chars = Array.from(term);
  const parts = literals.map((literal) => Array.from(literal));
  const variables = parts.length - 1;
  const needles = new Set<string>();
  let steps = 0;

  // The occurrence reaches literal `index` at its start with `rest` of the term still to place.
  const atLiteral = (index: number, rest: string[], image: string): void => {
    steps++;
    const literal = parts[index] ?? [];
    if (rest.length <= literal.length) {
      if (fits(literal, 0, rest)) needles.add(image + RESIDUE_SEPARATOR);
      return;
    }
    if (index < variables && fits(literal, 0, rest.slice(0, literal.length))) {
      atVariable(index + 1, rest.slice(literal.length), image + RESIDUE_SEPARATOR);
    }
  };
  // The occurrence enters variable `index` (1..k) with `rest` to place: it ends inside it, or the
  // variable is exactly a prefix of `rest` and literal `index` follows.
  const atVariable = (index: number, rest: string[], image: string): void => {
    for (let length = 1; length <= rest.length && steps < ALIGNMENT_STEPS_MAX; length++) {
      steps++;
      const piece = image + rest.slice(0, length).join('');
      if (length === rest.length) needles.add(piece);
      else atLiteral(index, rest.slice(length), piece);
    }
  };

  for (let variable = 1; variable <= variables; variable++) atVariable(variable, chars, '');
  parts.forEach((literal, index) => {
    for (let offset = 0; offset < literal.length; offset++) {
      const inLiteral = literal.length - offset;
      // Wholly inside the literal: the template's kept sums answer that (the caller's `settled`).
      if (chars.length <= inLiteral || index === variables) continue;
      if (fits(literal, offset, chars.slice(0, inLiteral))) {
        atVariable(index + 1, chars.slice(inLiteral), RESIDUE_SEPARATOR);
      }
    }
  });
  return steps >= ALIGNMENT_STEPS_MAX ? null : shortest(needles);
}

/**
 * The needles for a term over journals of the given templates and of none (whose residue is the
 * whole description, so the term itself is one): the union, shortest first. Null when one
 * template's alignment was given up.
 */
export function residueNeedlesOf(
  templates: readonly { literals: readonly string[] }[],
  term: string,
): string[] | null {
  const needles = new Set<string>([term]);
  for (const { literals } of templates) {
    const own = residueNeedles(literals, term);
    if (own === null) return null;
    for (const needle of own) needles.add(needle);
  }
  return shortest(needles);
}

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
function residueNeedlesUncached(literals: readonly string[], term: string): string[] | null {
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

/** What a kept variable's value must satisfy, as ILIKE patterns, for its journal to match a term. */
export interface ValueCondition {
  /** The variable part (1..k) whose value decides; null when no journal of the template can match. */
  variable: number | null;
  /** ILIKE patterns (escaped like containsPattern): the journal matches when its value fits one. */
  patterns: string[];
}

const isAscii = (text: string) => Array.from(text).every((char) => char.charCodeAt(0) <= 0x7f);

/**
 * What each variable part of a template may hold, from its pattern's groups (migration 0028 writes
 * `(` + class + `+)` between escaped literal parts): `[^ ]` no space, `[0-9.]` digits and a point,
 * anything else any character. The template's journals are those whose description the pattern fits.
 */
function variableClassesUncached(pattern: string): ((char: string) => boolean)[] {
  const classes: ((char: string) => boolean)[] = [];
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at];
    if (char === '\\') {
      at++;
      continue;
    }
    if (char !== '(') continue;
    const end = pattern.indexOf('+)', at);
    const group = pattern.slice(at + 1, end);
    classes.push(
      group === '[^ ]' ? (c) => c !== ' ' : group === '[0-9.]' ? (c) => /^[0-9.]$/.test(c) : () => true,
    );
    at = end + 1;
  }
  return classes;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Where an occurrence of a term lies in one variable part's value. */
type ValuePlace = 'inside' | 'end' | 'start' | 'whole';

/** What one variable's value needs for an occurrence: `piece` (lowercased) at `place`. */
interface ValueNeed {
  variable: number;
  piece: string;
  place: ValuePlace;
}

/** The ILIKE pattern (escaped like containsPattern) of a need on its value. */
function needPattern({ piece, place }: ValueNeed): string {
  const escaped = escapeLike(piece);
  if (place === 'inside') return `%${escaped}%`;
  if (place === 'end') return `%${escaped}`;
  if (place === 'start') return `${escaped}%`;
  return escaped;
}

/**
 * Every occurrence of `term` in a description written from `template` that is not wholly inside a
 * literal part (those are the settled templates'), as the needs on the variables' values it makes,
 * enumerated as an alignment against the literal parts (ASCII compared without case, which is ILIKE's
 * comparison for ASCII text) and pruned by what each variable can hold (the template's pattern).
 * Null when the term or a literal part is not ASCII, or the alignment was given up.
 */
function valueOccurrences(
  template: { literals: readonly string[]; pattern: string },
  term: string,
): ValueNeed[][] | null {
  const { literals } = template;
  if (!isAscii(term) || !literals.every(isAscii)) return null;
  const classes = variableClasses(template.pattern);
  const variables = literals.length - 1;
  if (classes.length !== variables) return null;
  const lower = term.toLowerCase();
  const parts = literals.map((literal) => literal.toLowerCase());
  const occurrences: ValueNeed[][] = [];
  let steps = 0;
  const allowed = (variable: number, piece: string) =>
    Array.from(piece).every(classes[variable - 1] ?? (() => false));

  // At the start of literal `index` with `rest` still to place, having placed `needs` already.
  const atLiteral = (index: number, rest: string, needs: ValueNeed[]): void => {
    steps++;
    const literal = parts[index] ?? '';
    if (rest.length <= literal.length) {
      if (literal.startsWith(rest)) occurrences.push(needs);
      return;
    }
    if (index < variables && rest.startsWith(literal)) {
      enterVariable(index + 1, rest.slice(literal.length), needs);
    }
  };
  // At the start of variable `index` (1..k): the occurrence ends inside it, or the variable is
  // exactly a prefix of `rest` and literal `index` follows.
  const enterVariable = (index: number, rest: string, needs: ValueNeed[]): void => {
    for (let length = 1; length <= rest.length && steps < ALIGNMENT_STEPS_MAX; length++) {
      steps++;
      const piece = rest.slice(0, length);
      if (!allowed(index, piece)) break;
      if (length === rest.length) {
        occurrences.push([...needs, { variable: index, piece, place: 'start' }]);
      } else {
        atLiteral(index, rest.slice(length), [...needs, { variable: index, piece, place: 'whole' }]);
      }
    }
  };

  // Starting inside a variable: wholly inside it, or its end and on into the literal after it.
  for (let variable = 1; variable <= variables; variable++) {
    for (let length = 1; length <= lower.length; length++) {
      const piece = lower.slice(0, length);
      if (!allowed(variable, piece)) break;
      if (length === lower.length) {
        occurrences.push([{ variable, piece, place: 'inside' }]);
      } else {
        atLiteral(variable, lower.slice(length), [{ variable, piece, place: 'end' }]);
      }
    }
  }
  // Starting inside a literal part and running on into the variable after it.
  parts.forEach((literal, index) => {
    if (index === variables) return;
    for (let offset = 0; offset < literal.length; offset++) {
      const inLiteral = literal.length - offset;
      if (lower.length <= inLiteral) continue;
      if (lower.startsWith(literal.slice(offset))) enterVariable(index + 1, lower.slice(inLiteral), []);
    }
    // An empty literal part between two variables: nothing of the occurrence lies in it.
  });
  return steps >= ALIGNMENT_STEPS_MAX ? null : occurrences;
}

/**
 * The one variable every occurrence touches, alone, with the needs on it: `{ variable: null }` when
 * no occurrence is possible; null when an occurrence needs two variables, or two occurrences need
 * different ones (or valueOccurrences gave up).
 */
function singleVariableUncached(
  template: { literals: readonly string[]; pattern: string },
  term: string,
): { variable: number | null; needs: ValueNeed[] } | null {
  const occurrences = valueOccurrences(template, term);
  if (occurrences === null || occurrences.some((needs) => needs.length !== 1)) return null;
  const needs = occurrences.flat();
  const touched = new Set(needs.map((need) => need.variable));
  if (touched.size === 0) return { variable: null, needs: [] };
  const [variable] = [...touched];
  if (touched.size > 1 || variable === undefined) return null;
  return { variable, needs };
}

/**
 * When a description written from `template` contains `term` (without case, as ILIKE), decided by
 * one of its kept variables alone: every occurrence of the term that is not wholly inside a literal
 * part (those are the settled templates') touches exactly one variable part, the same for every
 * occurrence, and that variable's sums are kept per value. Then the journal matches exactly when
 * that value fits one of `patterns` (the part of the term inside the variable: anywhere, at its end,
 * at its start, or the whole value). Occurrences a variable's class rules out (a space in a
 * reference) are left out. Null when that does not hold, or when the term or a literal part is not
 * ASCII (then the compare below would not be ILIKE's): the caller checks such journals one by one.
 */
export function valueCondition(
  template: { literals: readonly string[]; pattern: string; keptVariables: readonly number[] },
  term: string,
): ValueCondition | null {
  const single = singleVariable(template, term);
  if (single === null) return null;
  const { variable, needs } = single;
  if (variable === null) return { variable: null, patterns: [] };
  if (!template.keptVariables.includes(variable)) return null;
  return { variable, patterns: [...new Set(needs.map(needPattern))] };
}

/**
 * When a description written from `template` contains `term` decided by the start of one of its
 * amount variables kept per prefix (decision 073, migration 0040): as valueCondition, but every
 * occurrence must run from a literal part into that variable and end inside it (`ived: 1` in a
 * payment: "the amount starts with 1"), and each start must be at most `prefixMax` characters. Then a
 * journal of the template matches exactly when that value starts with one of `starts` (lowercased).
 * The starts are prefix-free (a value starting with a longer start starts with the shorter one too:
 * only the shorter is kept), so no value starts with two of them and their kept rows are disjoint.
 * Null otherwise: an occurrence inside the value (`%12%`), over two variables (`5, 1`), a start too
 * long, a variable not kept per prefix, or no occurrence at all (valueCondition's case).
 */
export function amountPrefixCondition(
  template: { literals: readonly string[]; pattern: string; prefixVariables: readonly number[] },
  term: string,
  prefixMax: number,
): { variable: number; starts: string[] } | null {
  const single = singleVariable(template, term);
  if (single === null || single.variable === null) return null;
  const { variable, needs } = single;
  if (!template.prefixVariables.includes(variable)) return null;
  if (needs.some((need) => need.place !== 'start' || need.piece.length > prefixMax)) return null;
  const starts: string[] = [];
  for (const start of [...new Set(needs.map((need) => need.piece))].sort((a, b) => a.length - b.length)) {
    if (!starts.some((shorter) => start.startsWith(shorter))) starts.push(start);
  }
  return { variable, starts };
}

/**
 * Whether a description written from `template` may hold `term` at an occurrence that covers the
 * first character of its first variable part without starting there and ending inside that part:
 * one that starts inside the first literal part and runs into the variable, or one that starts with
 * the variable, holds all of it and runs on into the literal after it. The sums kept per reference
 * prefix (decision 058) answer an occurrence at the variable's start; every other occurrence lies
 * past its first character, where the trigram index of the residue's tail finds it. Permissive: true
 * whenever such an occurrence is not ruled out (then the caller takes the slower path), always for
 * a term or literal that is not ASCII.
 */
function coversFirstVariableStartUncached(
  template: { literals: readonly string[]; pattern: string },
  term: string,
): boolean {
  const { literals } = template;
  if (!isAscii(term) || !literals.every(isAscii)) return true;
  const classes = variableClasses(template.pattern);
  const variables = literals.length - 1;
  const holds = classes[0];
  if (classes.length !== variables || holds === undefined) return true;
  const lower = term.toLowerCase();
  const [first = '', second = ''] = literals.map((literal) => literal.toLowerCase());
  // Starting inside the first literal part (a proper suffix of it) and entering the variable.
  for (let offset = 0; offset < first.length; offset++) {
    const suffix = first.slice(offset);
    const next = lower[suffix.length];
    if (next !== undefined && lower.startsWith(suffix) && holds(next)) return true;
  }
  // The whole variable (a proper prefix of the term), then the literal after it and perhaps on.
  for (let length = 1; length < lower.length; length++) {
    if (!holds(lower[length - 1] ?? '')) break;
    const rest = lower.slice(length);
    if (rest.length <= second.length ? second.startsWith(rest) : variables > 1 && rest.startsWith(second)) {
      return true;
    }
  }
  return false;
}

/**
 * How a description written from `template` may hold `term` at an occurrence over the first
 * character of its first variable part (decision 068): the starts `X` (lowercased) such that every
 * such occurrence either starts that part and ends inside it (a reference prefix: decision 058's
 * kept sums), or is a suffix of the first literal part followed by a start of the variable part,
 * that start being `X` or beginning with one of them. Then a journal of the template holds the term
 * at such an occurrence, other than at the variable's start, exactly when its first variable starts
 * with one of the returned starts (none when the list is empty). The list is prefix-free: no start
 * begins with another, so no variable starts with two of them. Null when that does not hold (an
 * occurrence may cover the whole variable part and run on past it: `FT26 rec`, or `nt FT2633000G3A
 * rec`), or when the term or a literal part is not ASCII: the caller takes a slower path.
 */
function firstVariableStartsUncached(
  template: { literals: readonly string[]; pattern: string },
  term: string,
): string[] | null {
  const { literals } = template;
  if (!isAscii(term) || !literals.every(isAscii)) return null;
  const classes = variableClasses(template.pattern);
  const variables = literals.length - 1;
  const holds = classes[0];
  if (classes.length !== variables || holds === undefined) return null;
  const lower = term.toLowerCase();
  const [first = '', second = ''] = literals.map((literal) => literal.toLowerCase());
  // After the whole first variable, `rest` (not empty) starts at the literal after it: may it fit
  // there (permissive past that literal: any later variable may hold anything)?
  const runsOn = (rest: string) =>
    rest.length <= second.length ? second.startsWith(rest) : variables > 1 && rest.startsWith(second);
  const starts = new Set<string>();
  // Starting inside the first literal part (a suffix of it, possibly all of it) and entering the variable.
  for (let offset = 0; offset < first.length; offset++) {
    const suffix = first.slice(offset);
    if (lower.length <= suffix.length || !lower.startsWith(suffix)) continue;
    const rest = lower.slice(suffix.length);
    for (let length = 1; length <= rest.length; length++) {
      if (!holds(rest[length - 1] ?? '')) break;
      if (length === rest.length) starts.add(rest);
      else if (runsOn(rest.slice(length))) return null;
    }
  }
  // Starting with the variable, holding all of it, then the literal after it and perhaps on.
  for (let length = 1; length < lower.length; length++) {
    if (!holds(lower[length - 1] ?? '')) break;
    if (runsOn(lower.slice(length))) return null;
  }
  // A variable starting with a longer start starts with the shorter one too: keep the shorter.
  const kept: string[] = [];
  for (const start of [...starts].sort((a, b) => a.length - b.length)) {
    if (!kept.some((shorter) => start.startsWith(shorter))) kept.push(start);
  }
  return kept;
}

/**
 * The analyses above are pure functions of a template and a term, and a search runs them for every
 * template on every request (its page and its totals, each page of it): some 100 µs of the journal
 * search's CPU a request (cpu-profile --real, docs/performance.md). Each answer is kept per template
 * text and term. Bounded: the terms are what users type, so the cache is emptied when it is full
 * rather than growing with every term ever searched. Answers are frozen, as they are shared.
 */
const ANALYSES_KEPT_MAX = 4096;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function keptPerTerm<Subject, Answer>(
  keyOf: (subject: Subject) => string,
  analyse: (subject: Subject, term: string) => Answer,
): (subject: Subject, term: string) => Answer {
  const kept = new Map<string, Answer>();
  return (subject, term) => {
    const key = `${keyOf(subject)}\u0000${term}`;
    if (kept.has(key)) return kept.get(key) as Answer;
    const answer = deepFreeze(analyse(subject, term));
    if (kept.size >= ANALYSES_KEPT_MAX) kept.clear();
    kept.set(key, answer);
    return answer;
  };
}

const templateKey = (template: { literals: readonly string[]; pattern: string }) =>
  `${template.pattern}\u0000${template.literals.join(RESIDUE_SEPARATOR)}`;

export const residueNeedles: (literals: readonly string[], term: string) => readonly string[] | null =
  keptPerTerm((literals: readonly string[]) => literals.join(RESIDUE_SEPARATOR), residueNeedlesUncached);

const singleVariable = keptPerTerm(templateKey, singleVariableUncached);

export const coversFirstVariableStart = keptPerTerm(templateKey, coversFirstVariableStartUncached);

export const firstVariableStarts: (
  template: { literals: readonly string[]; pattern: string },
  term: string,
) => readonly string[] | null = keptPerTerm(templateKey, firstVariableStartsUncached);

/** Per pattern (a handful of templates): the class tests are made once. */
const classesKept = new Map<string, readonly ((char: string) => boolean)[]>();
export function variableClasses(pattern: string): readonly ((char: string) => boolean)[] {
  let classes = classesKept.get(pattern);
  if (classes === undefined) {
    classes = Object.freeze(variableClassesUncached(pattern));
    if (classesKept.size >= ANALYSES_KEPT_MAX) classesKept.clear();
    classesKept.set(pattern, classes);
  }
  return classes;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountPrefixCondition,
  coversFirstVariableStart,
  firstVariableStarts,
  RESIDUE_SEPARATOR,
  residueNeedles,
  valueCondition,
  variableClasses,
} from './description-templates';

/** The residue the database keeps for a description written from a template (migration 0028). */
function residueOf(variables: readonly string[]): string {
  return `${RESIDUE_SEPARATOR}${variables.join(RESIDUE_SEPARATOR)}${RESIDUE_SEPARATOR}`;
}

function render(literals: readonly string[], variables: readonly string[]): string {
  return literals.map((literal, at) => literal + (variables[at] ?? '')).join('');
}

const lower = (text: string) => text.toLowerCase();

// A small alphabet, so literal parts, variable parts and terms often overlap and repeat.
const char = fc.constantFrom('a', 'A', 'b', 'e', 'E', 'f', ' ', ',', ':', '.', '5', '0', '1');
const text = (minLength: number, maxLength: number) =>
  fc.array(char, { minLength, maxLength }).map((chars) => chars.join(''));

const templated = fc.integer({ min: 1, max: 4 }).chain((variables) =>
  fc.record({
    literals: fc.array(text(0, 6), { minLength: variables + 1, maxLength: variables + 1 }),
    variables: fc.array(text(1, 6), { minLength: variables, maxLength: variables }),
  }),
);

describe('residueNeedles', () => {
  it('finds every occurrence not wholly inside a literal part: its image is in the residue', () => {
    fc.assert(
      fc.property(
        templated,
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        ({ literals, variables }, start, length, flipCase) => {
          const description = render(literals, variables);
          const from = start % description.length;
          const drawn = description.slice(from, from + length);
          const term = flipCase ? drawn.toUpperCase() : drawn;
          if (literals.some((literal) => lower(literal).includes(lower(term)))) return;
          expect(lower(description)).toContain(lower(term));
          const needles = residueNeedles(literals, term);
          expect(needles).not.toBeNull();
          const residue = lower(residueOf(variables));
          expect(needles?.some((needle) => residue.includes(lower(needle)))).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('holds for random terms too: no needle in the residue, no occurrence outside the literal parts', () => {
    fc.assert(
      fc.property(templated, text(1, 8), ({ literals, variables }, term) => {
        const needles = residueNeedles(literals, term) ?? [];
        const description = lower(render(literals, variables));
        const residue = lower(residueOf(variables));
        if (!needles.some((needle) => residue.includes(lower(needle)))) {
          const inLiteral = literals.some((literal) => lower(literal).includes(lower(term)));
          expect(inLiteral || !description.includes(lower(term))).toBe(true);
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps a term that only a variable part can hold as it is, and marks where a literal part was', () => {
    const payment = ['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'];
    const payout = ['Payout ', ' requested: ', ' held in transfer suspense'];
    expect(residueNeedles(payout, 'payment')).toEqual(['payment']);
    expect(residueNeedles(payment, 'FT2624400')).toEqual(['FT2624400']);
    // "fee 5": the fee starts with 5, or the term sits inside one variable part.
    expect([...(residueNeedles(payment, 'fee 5') ?? [])].sort()).toEqual(
      ['fee 5', `${RESIDUE_SEPARATOR}5`].sort(),
    );
    // "ved: 12": the end of " received: " and the start of the amount.
    expect(residueNeedles(payment, 'ved: 12')).toContain(`${RESIDUE_SEPARATOR}12`);
    // Spanning a whole variable part: the amount is exactly "7".
    expect(residueNeedles(payout, 'ested: 7 held')).toContain(`${RESIDUE_SEPARATOR}7${RESIDUE_SEPARATOR}`);
  });

  it('gives up (null) rather than list an alignment it did not finish', () => {
    const literals = ['', ...Array.from({ length: 40 }, () => 'a'), ''];
    expect(residueNeedles(literals, 'a'.repeat(200))).toBeNull();
  });
});

/** ILIKE of a value against a pattern made by valueCondition (backslash escapes; % and _). */
function ilike(value: string, pattern: string): boolean {
  let source = '';
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at] ?? '';
    if (char === '\\') source += (pattern[++at] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(value.toLowerCase());
}

/** The template's pattern as migration 0028 builds it: escaped literal parts around class groups. */
function patternOf(literals: readonly string[], groups: readonly string[]): string {
  const escaped = (literal: string) => literal.replace(/([^A-Za-z0-9 ])/g, '\\$1');
  return `^${literals.map((literal, at) => escaped(literal) + (groups[at] ? `(${groups[at]}+)` : '')).join('')}$`;
}

const GROUPS = ['[^ ]', '[0-9.]', '.'] as const;
const VALUE_CHARS: Record<(typeof GROUPS)[number], string[]> = {
  '[^ ]': ['a', 'A', 'e', 'f', ',', ':', '.', '5', '0', '%', '_'],
  '[0-9.]': ['5', '0', '1', '.'],
  '.': ['a', 'e', ' ', ',', ':', '.', '5', '0', '_'],
};

type ArbitraryValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

/**
 * A term for a description: a piece of it (from a drawn start, of a drawn length) or, as often,
 * any short text.
 */
const termDraw = fc.record({
  start: fc.nat(),
  length: fc.integer({ min: 1, max: 9 }),
  fromDescription: fc.boolean(),
  other: text(1, 6),
});

function drawTerm(description: string, draw: ArbitraryValue<typeof termDraw>) {
  const from = draw.start % description.length;
  return draw.fromDescription ? description.slice(from, from + draw.length) : draw.other;
}

const classed = fc.integer({ min: 1, max: 4 }).chain((count) =>
  fc
    .record({
      literals: fc.array(text(0, 6), { minLength: count + 1, maxLength: count + 1 }),
      groups: fc.array(fc.constantFrom(...GROUPS), { minLength: count, maxLength: count }),
      keptAll: fc.boolean(),
    })
    .chain(({ literals, groups, keptAll }) =>
      fc.record({
        literals: fc.constant(literals),
        groups: fc.constant(groups),
        kept: keptAll
          ? fc.constant(groups.map((_, at) => at + 1))
          : fc.subarray(groups.map((_, at) => at + 1)),
        variables: fc.tuple(
          ...groups.map((group) =>
            fc
              .array(fc.constantFrom(...VALUE_CHARS[group]), { minLength: 1, maxLength: 5 })
              .map((c) => c.join('')),
          ),
        ),
      }),
    ),
);

/**
 * A drawn template's description, a term drawn for it and the template's pattern; null when the
 * term lies inside a literal part (that settles the template: the caller never asks).
 */
function unsettledTerm(
  { literals, groups, variables }: ArbitraryValue<typeof classed>,
  draw: ArbitraryValue<typeof termDraw>,
): { description: string; term: string; pattern: string } | null {
  const description = render(literals, variables);
  const term = drawTerm(description, draw);
  if (literals.some((literal) => lower(literal).includes(lower(term)))) return null;
  return { description, term, pattern: patternOf(literals, groups) };
}

describe('valueCondition', () => {
  it('reads the variable classes from a template pattern', () => {
    const classes = variableClasses(
      '^Payment ([^ ]+) received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
    );
    expect(classes.map((allowed) => [allowed(' '), allowed('a'), allowed('5')])).toEqual([
      [false, true, true],
      [false, false, true],
      [false, false, true],
      [false, false, true],
    ]);
    expect(variableClasses('^Reversal of (.+)\\: (.+)$').map((allowed) => allowed(' '))).toEqual([
      true,
      true,
    ]);
  });

  it('matches a journal exactly when its kept value fits, for every term it answers', () => {
    fc.assert(
      fc.property(classed, termDraw, (t, draw) => {
        const { literals, groups, kept, variables } = t;
        const drawn = unsettledTerm(t, draw);
        if (drawn === null) return;
        const { description, term, pattern } = drawn;
        const condition = valueCondition({ literals, pattern, keptVariables: kept }, term);
        if (condition === null) return;
        const contains = lower(description).includes(lower(term));
        const fits =
          condition.variable !== null &&
          condition.patterns.some((pattern) =>
            ilike(variables[(condition.variable ?? 1) - 1] ?? '', pattern),
          );
        expect(fits, JSON.stringify({ literals, groups, variables, term, condition })).toBe(contains);
      }),
      { numRuns: 30_000 },
    );
  });

  it('decides the fee terms by the fee alone, and leaves references and amounts to the one-by-one check', () => {
    const payment = {
      literals: ['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'],
      pattern:
        '^Payment ([^ ]+) received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
      keptVariables: [3],
    };
    const payout = {
      literals: ['Payout ', ' requested: ', ' held in transfer suspense'],
      pattern: '^Payout ([^ ]+) requested\\: ([0-9.]+) held in transfer suspense$',
      keptVariables: [],
    };
    expect(valueCondition(payment, 'fee 5')).toEqual({ variable: 3, patterns: ['5%'] });
    expect(valueCondition(payment, 'FEE 5.5,')).toEqual({ variable: 3, patterns: ['5.5'] });
    expect(valueCondition(payment, 'e 15, ')).toEqual({ variable: 3, patterns: ['15'] });
    // On into the next variable part: two variables decide, not one.
    expect(valueCondition(payment, 'e 15, 1')).toBeNull();
    // A space cannot be in a reference nor in an amount: no payout holds "fee 5".
    expect(valueCondition(payout, 'fee 5')).toEqual({ variable: null, patterns: [] });
    // A reference prefix or an amount: variables not kept (or several of them).
    expect(valueCondition(payment, 'FT2633000')).toBeNull();
    expect(valueCondition(payment, '100.')).toBeNull();
    // Not ASCII: ILIKE's case mapping is the database's.
    expect(valueCondition(payment, 'fée 5')).toBeNull();
  });
});

describe('amountPrefixCondition', () => {
  it('matches a journal exactly when its prefix-kept value starts with one start, for every term it answers', () => {
    let decided = 0;
    fc.assert(
      fc.property(classed, termDraw, fc.integer({ min: 1, max: 4 }), (t, draw, prefixMax) => {
        const { literals, groups, kept, variables } = t;
        const drawn = unsettledTerm(t, draw);
        if (drawn === null) return;
        const { description, term, pattern } = drawn;
        const condition = amountPrefixCondition(
          { literals, pattern, prefixVariables: kept },
          term,
          prefixMax,
        );
        if (condition === null) return;
        decided++;
        const value = lower(variables[condition.variable - 1] ?? '');
        const startsWith = condition.starts.filter((own) => value.startsWith(own));
        const context = JSON.stringify({ literals, groups, variables, term, condition });
        expect(startsWith.length > 0, context).toBe(lower(description).includes(lower(term)));
        // Prefix-free, within the kept length, lowercased: no value is counted in two rows.
        expect(startsWith.length, context).toBeLessThanOrEqual(1);
        for (const own of condition.starts) {
          expect(own.length, context).toBeLessThanOrEqual(prefixMax);
          expect(own, context).toBe(lower(own));
        }
        expect(kept, context).toContain(condition.variable);
      }),
      { numRuns: 30_000 },
    );
    expect(decided).toBeGreaterThan(100);
  });

  it('decides the terms from a literal part into an amount, and leaves the others to the one-by-one check', () => {
    const payment = {
      literals: ['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'],
      pattern:
        '^Payment ([^ ]+) received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
      prefixVariables: [2, 4],
    };
    const refund = {
      literals: ['Refund of payment ', ': ', ' returned to the customer, fee ', ''],
      pattern: '^Refund of payment ([^ ]+)\\: ([0-9.]+) returned to the customer\\, fee ([0-9.]+)$',
      prefixVariables: [2],
    };
    const reversal = {
      literals: ['Reversal of ', ': ', ''],
      pattern: '^Reversal of (.+)\\: (.+)$',
      prefixVariables: [],
    };
    expect(amountPrefixCondition(payment, ': 1', 3)).toEqual({ variable: 2, starts: ['1'] });
    expect(amountPrefixCondition(payment, 'IVED: 12', 3)).toEqual({ variable: 2, starts: ['12'] });
    expect(amountPrefixCondition(payment, ', 1.', 3)).toEqual({ variable: 4, starts: ['1.'] });
    // Past the kept length: one by one (the residue's trigrams find a start that long).
    expect(amountPrefixCondition(payment, ': 1234', 3)).toBeNull();
    // Inside an amount, over two variables (the fee's end, then the net), into the fee (kept by value).
    expect(amountPrefixCondition(payment, '123', 3)).toBeNull();
    expect(amountPrefixCondition(payment, '5, 1', 3)).toBeNull();
    expect(amountPrefixCondition(payment, 'fee 1', 3)).toBeNull();
    // The refund's reference may end with `d` before `: `: two variables.
    expect(amountPrefixCondition(refund, 'd: 12', 3)).toBeNull();
    expect(amountPrefixCondition(refund, ': 12', 3)).toEqual({ variable: 2, starts: ['12'] });
    // The reversal's parts hold anything: never decided.
    expect(amountPrefixCondition(reversal, ': 1', 3)).toBeNull();
  });
});

describe('coversFirstVariableStart', () => {
  it('when false, every occurrence over the first variable part’s first character starts it and ends in it', () => {
    fc.assert(
      fc.property(classed, termDraw, ({ literals, groups, variables }, draw) => {
        const description = lower(render(literals, variables));
        const term = lower(drawTerm(description, draw));
        if (coversFirstVariableStart({ literals, pattern: patternOf(literals, groups) }, term)) return;
        const first = (literals[0] ?? '').length;
        const end = first + (variables[0] ?? '').length;
        for (let at = description.indexOf(term); at >= 0; at = description.indexOf(term, at + 1)) {
          if (at > first || at + term.length <= first) continue;
          expect(
            at === first && at + term.length <= end,
            JSON.stringify({ literals, groups, variables, term, at }),
          ).toBe(true);
        }
      }),
      { numRuns: 30_000 },
    );
  });

  it('lets a reference prefix through, and not a term reaching into the reference from outside it', () => {
    const payment = {
      literals: ['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'],
      pattern:
        '^Payment ([^ ]+) received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
    };
    const noReference = {
      literals: ['Payment received: ', ', fee ', ', ', ' payable to the merchant'],
      pattern: '^Payment received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
    };
    const reversal = { literals: ['Reversal of ', ': ', ''], pattern: '^Reversal of (.+)\\: (.+)$' };
    for (const term of ['FT2633000', 'ft2', '100.', 'F', 'fee 5']) {
      expect(coversFirstVariableStart(payment, term), term).toBe(false);
    }
    // From the first literal part into the reference; the whole reference and on.
    expect(coversFirstVariableStart(payment, 'nt FT26')).toBe(true);
    expect(coversFirstVariableStart(payment, 'FT26 rec')).toBe(true);
    expect(coversFirstVariableStart(noReference, ': 100')).toBe(true);
    expect(coversFirstVariableStart(noReference, 'FT2633000')).toBe(false);
    expect(coversFirstVariableStart(reversal, 'x: y')).toBe(true);
    expect(coversFirstVariableStart(reversal, 'Payment FT')).toBe(false);
    // Not ASCII: ILIKE's case mapping is the database's.
    expect(coversFirstVariableStart(payment, 'FT26é')).toBe(true);
  });
});

describe('firstVariableStarts', () => {
  it('every occurrence over the first variable’s first character starts it, or crosses into it with a start it returns', () => {
    let crossed = 0;
    fc.assert(
      fc.property(classed, termDraw, ({ literals, groups, variables }, draw) => {
        const description = lower(render(literals, variables));
        const term = lower(drawTerm(description, draw));
        const starts = firstVariableStarts({ literals, pattern: patternOf(literals, groups) }, term);
        if (starts === null) return;
        const context = JSON.stringify({ literals, groups, variables, term, starts });
        const first = (literals[0] ?? '').length;
        const variable = lower(variables[0] ?? '');
        const end = first + variable.length;
        const startsWithOne = starts.some((prefix) => variable.startsWith(prefix));
        // No variable starts with two of them.
        for (const prefix of starts) {
          expect(
            starts.filter((other) => other.startsWith(prefix)),
            context,
          ).toEqual([prefix]);
        }
        // Every occurrence over the variable's first character: at its start and ending in it,
        // or from the literal before it with a returned start.
        for (let at = description.indexOf(term); at >= 0; at = description.indexOf(term, at + 1)) {
          if (at > first || at + term.length <= first) continue;
          if (at === first) expect(at + term.length <= end, context).toBe(true);
          else expect(startsWithOne, context).toBe(true);
        }
        // A variable starting with a returned start holds the term across the literal's end.
        for (const prefix of starts) {
          if (!variable.startsWith(prefix)) continue;
          crossed++;
          const at = first - (term.length - prefix.length);
          expect(description.slice(at, at + term.length), context).toBe(term);
        }
      }),
      { numRuns: 30_000 },
    );
    // The property is not vacuous: many drawn terms cross into the variable with a returned start.
    expect(crossed).toBeGreaterThan(500);
  });

  it('gives the start of the reference for a term from the first literal part into it', () => {
    const payment = {
      literals: ['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'],
      pattern:
        '^Payment ([^ ]+) received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
    };
    const reversal = { literals: ['Reversal of ', ': ', ''], pattern: '^Reversal of (.+)\\: (.+)$' };
    expect(firstVariableStarts(payment, 'nt FT2633')).toEqual(['ft2633']);
    expect(firstVariableStarts(payment, 'Payment FT2633000')).toEqual(['ft2633000']);
    expect(firstVariableStarts(payment, 't F')).toEqual(['f']);
    expect(firstVariableStarts(payment, 'FT2633000')).toEqual([]);
    expect(firstVariableStarts(payment, 'fee 5')).toEqual([]);
    // A space cannot be in a reference: not an occurrence.
    expect(firstVariableStarts(payment, 'nt F T')).toEqual([]);
    // The whole reference and on into the literal after it: the reference's whole value decides.
    expect(firstVariableStarts(payment, 'nt FT26 rec')).toBeNull();
    expect(firstVariableStarts(payment, 'FT26 rec')).toBeNull();
    expect(firstVariableStarts(reversal, 'of Pay')).toEqual(['pay']);
    // The reversed description may hold ": " and run on into the reason.
    expect(firstVariableStarts(reversal, 'of x: y')).toBeNull();
    expect(firstVariableStarts(payment, 'nt FTé')).toBeNull();
    // Two suffixes of the literal part: "aa" + "a", "a" + "aa". A variable starting with "aa"
    // starts with "a": one start, so that no journal is counted twice.
    expect(firstVariableStarts({ literals: ['aa', ''], pattern: '^aa([^ ]+)$' }, 'aaa')).toEqual(['a']);
  });
});

describe('answers kept per template and term', () => {
  const payment = {
    literals: ['Payment ', ' received: ', ', fee ', ', ', ' payable to the merchant'],
    pattern: '^Payment ([^ ]+) received\\: ([0-9.]+)\\, fee ([0-9.]+)\\, ([0-9.]+) payable to the merchant$',
    keptVariables: [3],
    prefixVariables: [2],
  };
  // The same literal parts with a reference that may hold anything: other answers for some terms.
  const anyReference = { ...payment, pattern: payment.pattern.replace('([^ ]+)', '(.+)') };

  it('answers a repeated question with the same answer, and never one kept for another template', () => {
    expect(firstVariableStarts(payment, 'nt F T')).toEqual([]);
    expect(firstVariableStarts(anyReference, 'nt F T')).toEqual(['f t']);
    expect(firstVariableStarts(payment, 'nt F T')).toBe(firstVariableStarts(payment, 'nt F T'));
    expect(valueCondition(payment, 'fee 5')).toEqual({ variable: 3, patterns: ['5%'] });
    expect(valueCondition({ ...payment, keptVariables: [] }, 'fee 5')).toBeNull();
    expect(residueNeedles(payment.literals, 'fee 5')).not.toEqual(residueNeedles(['Payout ', ''], 'fee 5'));
  });

  it('shares frozen answers, so no caller can change what the next one gets', () => {
    const starts = firstVariableStarts(payment, 'nt FT2633') as string[];
    expect(() => starts.push('x')).toThrow(TypeError);
    expect(firstVariableStarts(payment, 'nt FT2633')).toEqual(['ft2633']);
    expect(Object.isFrozen(variableClasses(payment.pattern))).toBe(true);
  });
});

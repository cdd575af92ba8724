import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESIDUE_SEPARATOR, residueNeedles } from './description-templates';

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
    expect(residueNeedles(payment, 'fee 5')?.sort()).toEqual(['fee 5', `${RESIDUE_SEPARATOR}5`].sort());
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

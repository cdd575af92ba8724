import { describe, expect, it } from 'vitest';
import { describeAccess } from './access-summary';
import { ALL_PERMISSIONS, PERMISSIONS } from './permissions';

describe('describeAccess', () => {
  it('says every screen and everything for every permission', () => {
    expect(describeAccess(ALL_PERMISSIONS)).toBe('opens every screen; may change everything');
  });

  it('says no screen and nothing for none', () => {
    expect(describeAccess([])).toBe('opens no screen; may change nothing');
  });

  it('lists the screens while fewer are open than closed, and each action held', () => {
    expect(
      describeAccess([
        PERMISSIONS.viewTransactions,
        PERMISSIONS.changePayoutStatus,
        PERMISSIONS.viewCurrency,
      ]),
    ).toBe('opens Transactions, Payouts, Currency (no currency charges); may approve and reject payouts');
  });

  it('names what is closed while most screens are open, and a screen part held back', () => {
    const all = ALL_PERMISSIONS.filter(
      (p) => p !== PERMISSIONS.dashboard && p !== PERMISSIONS.viewMerchantAccount,
    );
    expect(describeAccess(all)).toBe(
      'opens every screen but Dashboard (no merchant bank accounts); may change everything',
    );
  });

  it('names a screen part only when its screen is open', () => {
    expect(describeAccess([PERMISSIONS.viewJournalEntry])).toBe('opens Journal Entry; may change nothing');
  });
});

describe('the action labels', () => {
  it('word every permission that changes something', () => {
    const unworded = ALL_PERMISSIONS.filter(
      (p) =>
        !p.name.startsWith('view-') &&
        p !== PERMISSIONS.dashboard &&
        describeAccess([p]).endsWith(`may ${p.name}`),
    ).map((p) => p.name);
    expect(unworded).toEqual([]);
  });
});

import {
  MERCHANT_COMMANDS,
  MERCHANT_STATUSES,
  type MerchantCommand,
  type MerchantStatus,
} from '@contract/merchant';
import { describe, expect, it } from 'vitest';
import { canApply, statusesAllowing, transition } from './merchant-status';

// Spec §4, written out by hand rather than read from the table under test.
const EXPECTED: Record<MerchantStatus, Partial<Record<MerchantCommand, MerchantStatus>>> = {
  PENDING_VERIFICATION: { activate: 'ACTIVE', deactivate: 'INACTIVE' },
  ACTIVE: { deactivate: 'INACTIVE' },
  INACTIVE: { activate: 'ACTIVE' },
  PENDING: {},
  DELETED: {},
};

describe('merchant status machine', () => {
  for (const status of MERCHANT_STATUSES) {
    for (const command of MERCHANT_COMMANDS) {
      const target = EXPECTED[status][command] ?? null;
      it(`${status} + ${command} -> ${target ?? 'refused'}`, () => {
        expect(transition(status, command)).toBe(target);
        expect(canApply(status, command)).toBe(target !== null);
      });
    }
  }

  it('lists the statuses each command may start from (the conditional UPDATE)', () => {
    expect(statusesAllowing('activate').sort()).toEqual(['INACTIVE', 'PENDING_VERIFICATION']);
    expect(statusesAllowing('deactivate').sort()).toEqual(['ACTIVE', 'PENDING_VERIFICATION']);
  });
});

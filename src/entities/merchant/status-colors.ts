import type { MerchantAccount, MerchantStatus } from '@contract/merchant';
import type { MantineColor } from '@mantine/core';

/**
 * Spec §4 badge colours of a merchant's status (the list, the detail header). Values missing here
 * (DELETED, anything unknown) are grey in StatusBadge.
 */
export const MERCHANT_STATUS_COLORS: Readonly<Partial<Record<MerchantStatus, MantineColor>>> = {
  ACTIVE: 'green',
  PENDING: 'blue',
  PENDING_VERIFICATION: 'violet',
  INACTIVE: 'red',
};

/** Merchant bank accounts' statuses, as the spec writes them (Success, Pending, Rejected). */
export const MERCHANT_ACCOUNT_STATUS_COLORS: Readonly<Record<MerchantAccount['status'], MantineColor>> = {
  Success: 'green',
  Pending: 'blue',
  Rejected: 'red',
};

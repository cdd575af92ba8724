import type { ActiveStatus } from '@contract/fields';
import type { MerchantAccount, MerchantStatus } from '@contract/merchant';
import type { TransactionStatus } from '@contract/transaction';
import type { MantineColor } from '@mantine/core';

/**
 * Spec §4 badge colours, shared by every screen that shows a status (lists, detail headers, tabs).
 * Values missing here (DELETED, PAY_OUT, anything unknown) are grey in StatusBadge.
 */
export const MERCHANT_STATUS_COLORS: Readonly<Partial<Record<MerchantStatus, MantineColor>>> = {
  ACTIVE: 'green',
  PENDING: 'blue',
  PENDING_VERIFICATION: 'violet',
  INACTIVE: 'red',
};

export const TRANSACTION_STATUS_COLORS: Readonly<Partial<Record<TransactionStatus, MantineColor>>> = {
  SUCCESS: 'green',
  PENDING: 'blue',
  FAILED: 'red',
  CHECKED_OUT: 'violet',
  CANCELED: 'yellow',
};

/** Merchant bank accounts' statuses, as the spec writes them (Success, Pending, Rejected). */
export const MERCHANT_ACCOUNT_STATUS_COLORS: Readonly<Record<MerchantAccount['status'], MantineColor>> = {
  Success: 'green',
  Pending: 'blue',
  Rejected: 'red',
};

/** ACTIVE green, INACTIVE red: payment methods, transaction limits and gateway accounts (spec §2). */
export const ACTIVE_STATUS_COLORS: Readonly<Record<ActiveStatus, MantineColor>> = {
  ACTIVE: 'green',
  INACTIVE: 'red',
};

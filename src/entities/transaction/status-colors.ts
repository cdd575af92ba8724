import type { TransactionStatus } from '@contract/transaction';
import type { MantineColor } from '@mantine/core';

/**
 * Spec §4 badge colours of a transaction's status, shared by every screen that shows one (lists, the
 * detail drawer, the Dashboard). Values missing here (PAY_OUT, anything unknown) are grey in StatusBadge.
 */
export const TRANSACTION_STATUS_COLORS: Readonly<Partial<Record<TransactionStatus, MantineColor>>> = {
  SUCCESS: 'green',
  PENDING: 'blue',
  FAILED: 'red',
  CHECKED_OUT: 'violet',
  CANCELED: 'yellow',
};

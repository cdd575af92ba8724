import type { MerchantStatus } from '@contract/merchant';
import type { MantineColor } from '@mantine/core';

/** Spec §4 badge colours; DELETED and anything unknown fall back to grey in StatusBadge. */
export const MERCHANT_STATUS_COLORS: Readonly<Partial<Record<MerchantStatus, MantineColor>>> = {
  ACTIVE: 'green',
  PENDING: 'blue',
  PENDING_VERIFICATION: 'violet',
  INACTIVE: 'red',
};

import type { ActiveStatus } from '@contract/fields';
import type { MantineColor } from '@mantine/core';

/** Spec §2 GL accounts: ACTIVE green, INACTIVE red, anything else grey (StatusBadge's default). */
export const GL_ACCOUNT_STATUS_COLORS: Readonly<Record<ActiveStatus, MantineColor>> = {
  ACTIVE: 'green',
  INACTIVE: 'red',
};

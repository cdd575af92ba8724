import type { ActivationCommand, ActiveStatus } from '@contract/fields';
import type { MantineColor } from '@mantine/core';
import { useState } from 'react';

/** ACTIVE green, INACTIVE red: payment methods, transaction limits and gateway accounts (spec §2). */
export const ACTIVE_STATUS_COLORS: Readonly<Record<ActiveStatus, MantineColor>> = {
  ACTIVE: 'green',
  INACTIVE: 'red',
};

/** Spec §4: ACTIVE offers Deactivate, anything else Activate (payment methods, gateway accounts). */
export function commandFor(status: ActiveStatus): ActivationCommand {
  return status === 'ACTIVE' ? 'deactivate' : 'activate';
}

/**
 * The Activate button: light green, its text darkened as StatusBadge darkens badge text, since
 * Mantine's green text (light) or white on green (filled) misses WCAG AA contrast.
 */
export const ACTIVATE_BUTTON_STYLES = {
  // One colour per scheme: src/theme.ts (cssVariablesResolver).
  root: { color: 'var(--activate-text)' },
} as const;

/**
 * The last record a status dialog asked about: while the dialog fades out after closing (record
 * back to null) it keeps its title and message instead of flipping to the other command's.
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}

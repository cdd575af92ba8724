import { Badge, type MantineColor } from '@mantine/core';
import { humanizeEnum } from '@/lib/format';
import classes from './status-badge.module.css';

const UNCLIPPED = {
  root: { overflow: 'visible', whiteSpace: 'nowrap' },
  label: { overflow: 'visible' },
} as const;

export type StatusColors = Readonly<Record<string, MantineColor>>;

export interface StatusBadgeProps {
  value: string | null | undefined;
  /** Status value -> colour, from the screen's spec table; values missing from it are grey. */
  colors: StatusColors;
  /** Readable text; defaults to the value in title case (`PENDING_VERIFICATION` -> 'Pending Verification'). */
  label?: (value: string) => string;
}

export function StatusBadge({ value, colors, label = humanizeEnum }: StatusBadgeProps) {
  if (!value) return null;
  const color = colors[value] ?? 'gray';
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      data-status={value}
      // Mantine clips a badge's label (overflow hidden), which lets an auto-sized table column
      // shrink it to 'Pen…'. A status must always be read whole.
      className={classes.badge}
      // The text colour for each scheme: status-badge.module.css.
      style={{
        '--status-shade-9': `var(--mantine-color-${color}-9)`,
        '--status-shade-1': `var(--mantine-color-${color}-1)`,
      }}
      styles={UNCLIPPED}
    >
      {label(value)}
    </Badge>
  );
}

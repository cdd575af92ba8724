import { Badge, type MantineColor } from '@mantine/core';
import { humanizeEnum } from '@/lib/format';

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
      styles={{
        ...UNCLIPPED,
        // Mantine's light badge text, even at shade 9, misses WCAG AA (4.5:1) on its tint for green
        // and yellow; darkening the shade keeps the hue and passes for every colour.
        root: { ...UNCLIPPED.root, color: `color-mix(in srgb, var(--mantine-color-${color}-9), black 35%)` },
      }}
    >
      {label(value)}
    </Badge>
  );
}

import { Badge, type MantineColor, type MantineTheme, rem, useMantineTheme } from '@mantine/core';
import type { CSSProperties } from 'react';
import { humanizeEnum } from '@/lib/format';
import classes from './status-badge.module.css';

export type StatusColors = Readonly<Record<string, MantineColor>>;

export interface StatusBadgeProps {
  value: string | null | undefined;
  /** Status value -> colour, from the screen's spec table; values missing from it are grey. */
  colors: StatusColors;
  /** Readable text; defaults to the value in title case (`PENDING_VERIFICATION` -> 'Pending Verification'). */
  label?: (value: string) => string;
}

// Mantine clips a badge's label (overflow hidden), which lets an auto-sized table column shrink it
// to 'Pen…': a status must always be read whole. The text colour for each scheme:
// status-badge.module.css.
const ROOT_CLASS = `${classes.badge} ${Badge.classes.root} mantine-Badge-root`;
const LABEL_CLASS = `${Badge.classes.label} mantine-Badge-label`;
const LABEL_STYLE = { overflow: 'visible' } as const;

/** Per theme, per colour: the root's inline style, made once. */
const styles = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/**
 * What `<Badge variant="light" color radius="sm" tt="none" style styles>` put on its root, in its
 * order: the `styles.root` object, Mantine's variables (its own colour resolver's light variant),
 * our shade variables, then `tt`.
 */
function rootStyle(theme: MantineTheme, color: MantineColor): CSSProperties {
  let byColor = styles.get(theme);
  if (!byColor) {
    byColor = new Map();
    styles.set(theme, byColor);
  }
  let style = byColor.get(color);
  if (!style) {
    const resolved = theme.variantColorResolver({ color, theme, variant: 'light' });
    style = {
      overflow: 'visible',
      whiteSpace: 'nowrap',
      '--badge-radius': 'var(--mantine-radius-sm)',
      '--badge-bg': resolved.background,
      '--badge-color': resolved.color,
      '--badge-bd': resolved.border ?? `${rem(1)} solid transparent`,
      '--status-shade-9': `var(--mantine-color-${color}-9)`,
      '--status-shade-1': `var(--mantine-color-${color}-1)`,
      textTransform: 'none',
    } as CSSProperties;
    byColor.set(color, style);
  }
  return style;
}

/**
 * A status as Mantine's light Badge draws it, written as its two elements (decision 061): a list
 * page draws one per row on every page, and the Badge component, with its theme and style hooks
 * and a Box, cost several times the elements themselves. `status-badge.test.tsx` compares it with
 * Mantine's Badge.
 */
export function StatusBadge({ value, colors, label = humanizeEnum }: StatusBadgeProps) {
  const theme = useMantineTheme();
  if (!value) return null;
  const color = colors[value] ?? 'gray';
  return (
    <div className={ROOT_CLASS} data-variant="light" data-status={value} style={rootStyle(theme, color)}>
      <span className={LABEL_CLASS} style={LABEL_STYLE}>
        {label(value)}
      </span>
    </div>
  );
}

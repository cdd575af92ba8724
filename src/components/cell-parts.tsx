import { Anchor, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

/**
 * Mantine's Text, Anchor and Stack as a list's cells draw them (decision 061; Avatar: cell-avatar.tsx): the same
 * elements, classes, data attributes and inline styles Mantine renders for the props named here,
 * written as plain elements. A page of rows drew some 70 of these components, each with Mantine's
 * theme and style hooks and a Box beneath it, on every next page; an element costs React one
 * fiber. `cell-parts.test.tsx` renders each beside the Mantine component it stands for and
 * compares the two elements, so a Mantine upgrade that changes them fails there.
 */

/** Mantine's classes of a Text root (`focusable`, as Text gives it). */
const TEXT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;
const ANCHOR_CLASS = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;
const STACK_CLASS = `${Stack.classes.root} mantine-Stack-root`;

export type CellTextSize = 'xs' | 'sm';

/** What a cell's text may say of its look: Text's `size`, `fw`, `c="dimmed"`, `fs`, `ff` and a no-wrap style. */
export interface CellTextLook {
  size?: CellTextSize;
  /** Text's `fw={500}`. */
  medium?: boolean;
  /** Text's `c="dimmed"`. */
  dimmed?: boolean;
  /** Text's `fs="italic"`. */
  italic?: boolean;
  /** Text's `ff="monospace"`. */
  monospace?: boolean;
  /** `style={{ whiteSpace: 'nowrap' }}`: codes and phone numbers read badly broken over two lines. */
  nowrap?: boolean;
}

const textStyles = new Map<string, CSSProperties>();

/** One style object per look, in Mantine's order (its size variables, then the style props, then `style`). */
function textStyle({
  size = 'sm',
  medium = false,
  dimmed = false,
  italic = false,
  monospace = false,
  nowrap = false,
}: CellTextLook): CSSProperties {
  const key = `${size}${medium ? 'm' : ''}${dimmed ? 'd' : ''}${italic ? 'i' : ''}${monospace ? 'f' : ''}${nowrap ? 'n' : ''}`;
  let style = textStyles.get(key);
  if (!style) {
    style = {
      '--text-fz': `var(--mantine-font-size-${size})`,
      '--text-lh': `var(--mantine-line-height-${size})`,
      ...(monospace ? { fontFamily: 'var(--mantine-font-family-monospace)' } : {}),
      ...(medium ? { fontWeight: 500 } : {}),
      ...(italic ? { fontStyle: 'italic' } : {}),
      ...(dimmed ? { color: 'var(--mantine-color-dimmed)' } : {}),
      ...(nowrap ? { whiteSpace: 'nowrap' } : {}),
    } as CSSProperties;
    textStyles.set(key, style);
  }
  return style;
}

/** `<Text size=… fw=… c=… fs=… ff=…>` as the element Mantine draws (a `p`). */
export function cellText(children: ReactNode, look: CellTextLook = {}): ReactElement {
  return (
    <p className={TEXT_CLASS} data-size={look.size ?? 'sm'} style={textStyle(look)}>
      {children}
    </p>
  );
}

const STACK_NO_GAP_NOWRAP = {
  '--stack-gap': '0rem',
  '--stack-align': 'stretch',
  '--stack-justify': 'flex-start',
  whiteSpace: 'nowrap',
} as CSSProperties;

/** `<Stack gap={0} style={{ whiteSpace: 'nowrap' }}>`: lines one over the other, none wrapped. */
export function cellLines(children: ReactNode): ReactElement {
  return (
    <div className={STACK_CLASS} style={STACK_NO_GAP_NOWRAP}>
      {children}
    </div>
  );
}

const LINK_STYLE = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
  maxWidth: 'calc(11.25rem * var(--mantine-scale))',
  display: 'block',
} as CSSProperties;

/**
 * `<Anchor href target="_blank" rel="noopener noreferrer" size="sm" title display="block" maw={180}
 * truncate="end">`: a link out of the console, cut with an ellipsis at 180 px, whole on hover.
 */
export function cellExternalLink(href: string, text: string): ReactElement {
  return (
    <a
      className={ANCHOR_CLASS}
      data-size="sm"
      data-truncate="end"
      data-underline="hover"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={href}
      style={LINK_STYLE}
    >
      {text}
    </a>
  );
}

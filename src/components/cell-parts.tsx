import { Anchor, Avatar, Stack, Text } from '@mantine/core';
import { type CSSProperties, type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { initials } from '@/lib/format';
import { imageReady, noteImageShown } from '@/lib/preload-images';

/**
 * Mantine's Text, Anchor, Stack and Avatar as a list's cells draw them (decision 061): the same
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
const AVATAR_CLASS = `${Avatar.classes.root} mantine-Avatar-root`;
const AVATAR_IMAGE_CLASS = `${Avatar.classes.image} mantine-Avatar-image`;
const AVATAR_PLACEHOLDER_CLASS = `${Avatar.classes.placeholder} mantine-Avatar-placeholder`;

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

/** The look of `<Avatar size={36} radius="xl" color="blue">` (InitialsAvatar's defaults). */
const AVATAR_STYLE = {
  '--avatar-size': 'calc(2.25rem * var(--mantine-scale))',
  '--avatar-radius': 'var(--mantine-radius-xl)',
  '--avatar-bg': 'var(--mantine-color-blue-light)',
  '--avatar-color': 'var(--mantine-color-blue-light-color)',
  '--avatar-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

export interface CellAvatarProps {
  name: string | null | undefined;
  src?: string | null | undefined;
}

/**
 * `<InitialsAvatar name src />` at its default size (36, round, blue): the logo, or the name's first
 * two letters when there is none or it fails to load. With neither a logo nor a name it is
 * InitialsAvatar itself (Mantine's person icon), which a list shows rarely.
 */
export function CellAvatar({ name, src }: CellAvatarProps) {
  // As Mantine's Avatar: an image that fails shows the letters; a new address tries again.
  const [failed, setFailed] = useState<string | null>(null);
  const drawn = useLogoPastRows(src ?? undefined);
  const letters = initials(name);
  if (!letters && (!src || failed === src)) {
    return (
      <Avatar src={null} alt={name ?? ''} size={36} radius="xl" color="blue">
        {null}
      </Avatar>
    );
  }
  return (
    <div className={AVATAR_CLASS} style={AVATAR_STYLE}>
      {src && failed !== src ? (
        drawn === src ? (
          <img
            className={AVATAR_IMAGE_CLASS}
            src={src}
            alt={name ?? ''}
            onLoad={() => noteImageShown(src)}
            onError={() => setFailed(src)}
          />
        ) : null
      ) : (
        <span className={AVATAR_PLACEHOLDER_CLASS} title={name ?? ''}>
          {letters}
        </span>
      )}
    </div>
  );
}

/** Avatars waiting for the frame that shows their rows; one render adds all their images. */
const waitingLogos = new Set<() => void>();
let waitingScheduled = false;

function drawAfterRows(draw: () => void): () => void {
  waitingLogos.add(draw);
  if (!waitingScheduled) {
    waitingScheduled = true;
    afterNextPaint(() => {
      waitingScheduled = false;
      const due = [...waitingLogos];
      waitingLogos.clear();
      for (const work of due) work();
    });
  }
  return () => {
    waitingLogos.delete(draw);
  };
}

/**
 * The logo address to draw now. A logo the browser holds (preloaded with a prefetched page, or
 * shown before) is drawn with its row, so a next page paints whole (decision 061). Any other is
 * drawn after the frame that shows the rows: fetched as the rows appear, ten new logos (each SVG a
 * document parsed on the main thread) held back the new rows' frame of a search by 30-60 ms.
 * Until then the avatar is empty, as it is while an image loads.
 */
function useLogoPastRows(src: string | undefined): string | undefined {
  const [drawn, setDrawn] = useState(() => (src !== undefined && imageReady(src) ? src : undefined));
  const current = drawn === src || (src !== undefined && imageReady(src)) ? src : drawn;
  useEffect(() => {
    if (src === undefined || current === src) return;
    return drawAfterRows(() => setDrawn(src));
  }, [src, current]);
  return current;
}

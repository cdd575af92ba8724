import { Avatar } from '@mantine/core';
import { type CSSProperties, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { initials } from '@/lib/format';
import { imageReady, noteImageShown } from '@/lib/preload-images';

/**
 * Mantine's Avatar as a list's cell draws it, as plain elements (decision 061, as cell-parts.tsx
 * does for Text, Anchor and Stack). A module of its own so that lists without logos load without
 * Mantine's Avatar (decision 080).
 */
const AVATAR_CLASS = `${Avatar.classes.root} mantine-Avatar-root`;
const AVATAR_IMAGE_CLASS = `${Avatar.classes.image} mantine-Avatar-image`;
const AVATAR_PLACEHOLDER_CLASS = `${Avatar.classes.placeholder} mantine-Avatar-placeholder`;

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

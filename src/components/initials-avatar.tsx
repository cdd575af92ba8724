import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@/lib/format';

export interface InitialsAvatarProps extends Pick<AvatarProps, 'size' | 'radius'> {
  name: string | null | undefined;
  /**
   * Logo URL. Without one, or when it fails to load, the name's first two letters are shown, or a
   * person icon when there is no name.
   */
  src?: string | null;
}

/** A logo, or the first two letters of the name (spec §2, Logo column and detail headers). */
export function InitialsAvatar({ name, src, size = 36, radius = 'xl' }: InitialsAvatarProps) {
  // Mantine's Avatar swaps to its children when the image errors, and resets when `src` changes.
  return (
    <Avatar src={src || null} alt={name ?? ''} size={size} radius={radius} color="blue">
      {/* No letters at all (no name): Mantine's person icon, not an empty circle. */}
      {initials(name) || null}
    </Avatar>
  );
}

import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { UI_LIST_KIT } from '@/components/copy';

export interface DetailSkeletonProps {
  /** The header's skeleton (the title, a status). */
  headerHeight?: number;
  headerWidth?: number;
  /** The body's skeleton (the fields, the tabs). */
  bodyHeight?: number;
  /** What shows already above them (a breadcrumb). */
  children?: ReactNode;
}

/** A detail screen while its record loads: a busy frame with a header and a body skeleton. */
export function DetailSkeleton({
  headerHeight = 64,
  headerWidth = 320,
  bodyHeight = 240,
  children,
}: DetailSkeletonProps) {
  return (
    <Stack aria-busy aria-label={UI_LIST_KIT.loading}>
      {children}
      <Skeleton height={headerHeight} width={headerWidth} />
      <Skeleton height={bodyHeight} />
    </Stack>
  );
}

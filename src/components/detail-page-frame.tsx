import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { UI_KIT } from '@/components/copy';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { LoadFailure } from '@/components/load-failure';
import { isMissing } from '@/lib/errors';

export interface DetailPageFrameProps<T> {
  /** The record's query; its three states are the frame's. */
  query: UseQueryResult<T>;
  /** The list the breadcrumb leads back to. */
  back: { to: LinkProps['to']; label: string };
  /** Shown instead of Retry when the record does not exist (404, or an id that cannot be one). */
  notFound: string;
  /** The breadcrumb's last step: the record's own name. */
  crumb: (record: T) => string;
  children: (record: T) => ReactNode;
}

/**
 * A detail page's frame: the breadcrumb back to its list, a skeleton while the record loads, the
 * failure (missing, or Retry) in its place, else the page. Every detail page reads the same.
 */
export function DetailPageFrame<T>({ query, back, notFound, crumb, children }: DetailPageFrameProps<T>) {
  const breadcrumb = (current: string | null) => (
    <Breadcrumbs component="nav" aria-label={UI_KIT.breadcrumb}>
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      {current ? <Text size="sm">{current}</Text> : null}
    </Breadcrumbs>
  );

  if (query.status === 'pending') {
    return (
      <DetailSkeleton headerHeight={40} headerWidth={280} bodyHeight={180}>
        {breadcrumb(null)}
      </DetailSkeleton>
    );
  }
  if (query.status === 'error') {
    return (
      <Stack gap="lg">
        {breadcrumb(null)}
        <LoadFailure
          missing={isMissing(query.error) ? notFound : undefined}
          onRetry={query.refetch}
          isRetrying={query.isFetching}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {breadcrumb(crumb(query.data))}
      {children(query.data)}
    </Stack>
  );
}

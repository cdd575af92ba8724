import { LIMIT_OPTIONS } from '@contract/common';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useLatestCallback } from '@/lib/stable';
import { UI_KIT, UI_LIST_KIT } from './copy';

/** A page number, or a gap shown as an ellipsis. */
export type PagerItem = number | 'gap-start' | 'gap-end';

/**
 * Spec §2: every page when there are 5 or fewer; otherwise the first, the last, a window of one page
 * either side of the current one, and ellipses for what lies between. An ellipsis never stands for a
 * single page: that page is shown instead, since it takes the same room and saves a click.
 */
export function pagerItems(page: number, totalPages: number): PagerItem[] {
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), totalPages);
  let start = Math.max(2, current - 1);
  let end = Math.min(totalPages - 1, current + 1);
  if (start === 3) start = 2;
  if (end === totalPages - 2) end = totalPages - 1;
  const items: PagerItem[] = [1];
  if (start > 2) items.push('gap-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push('gap-end');
  items.push(totalPages);
  return items;
}

const LIMIT_CHOICES = LIMIT_OPTIONS.map(String);

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Called with the new size; the caller also resets the page to 1. */
  onLimitChange: (limit: number) => void;
}

/** The list footer: 'Showing X to Y of Z results', the page size and the page buttons. */
export function Pager({ page, limit, total, totalPages, onPageChange, onLimitChange }: PagerProps) {
  const from = total === 0 ? 0 : Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  const pages = Math.max(totalPages, 1);
  // The page size's select does not change with the page: memoised, a next page does not render it.
  const changeLimit = useLatestCallback(onLimitChange);
  const limitSelect = useMemo(
    () => (
      <NativeSelect
        size="xs"
        aria-label={UI_LIST_KIT.rowsPerPage}
        value={String(limit)}
        data={LIMIT_CHOICES}
        onChange={(event) => changeLimit(Number(event.currentTarget.value))}
      />
    ),
    [limit, changeLimit],
  );
  // The page buttons get handlers that never change; each is memoised on what it shows, so a next
  // page renders only the buttons whose number or state changed (decision 061).
  const goTo = useLatestCallback(onPageChange);
  const step = useLatestCallback((delta: number) => onPageChange(page + delta));
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py="sm">
      <Group gap="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {UI_KIT.list.showing(from, to, total)}
        </Text>
        {limitSelect}
      </Group>
      <Group component="nav" aria-label={UI_LIST_KIT.pagination} gap={4}>
        <StepButton delta={-1} disabled={page <= 1} onStep={step} />
        {pagerItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <PageButton key={item} item={item} current={item === page} onPage={goTo} />
          ) : (
            <Text key={item} size="sm" c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ),
        )}
        <StepButton delta={1} disabled={page >= pages} onStep={step} />
      </Group>
    </Group>
  );
}

/** Previous (‹) or Next (›). */
const StepButton = memo(function StepButton({
  delta,
  disabled,
  onStep,
}: {
  delta: -1 | 1;
  disabled: boolean;
  onStep: (delta: number) => void;
}) {
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={delta < 0 ? UI_LIST_KIT.previousPage : UI_LIST_KIT.nextPage}
      disabled={disabled}
      onClick={() => onStep(delta)}
    >
      {delta < 0 ? '‹' : '›'}
    </Button>
  );
});

/** A page's number; the current one is filled and does nothing when clicked. */
const PageButton = memo(function PageButton({
  item,
  current,
  onPage,
}: {
  item: number;
  current: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Button
      size="xs"
      miw={32}
      px={6}
      variant={current ? 'filled' : 'default'}
      aria-label={UI_LIST_KIT.page(item)}
      aria-current={current ? 'page' : undefined}
      onClick={() => !current && onPage(item)}
    >
      {item}
    </Button>
  );
});

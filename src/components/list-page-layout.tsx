import { Group, type GroupProps, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import classes from './list-page-layout.module.css';
import { useNarrowScreen } from './list-page-layout-narrow';

const LIST_ALONE = { minWidth: 0 } as const;
const LIST_BESIDE = { flex: 1, minWidth: 0 } as const;

export interface ListPageLayoutProps {
  title: string;
  /** Beside the title: the page's Add button, or null for users who may not add. */
  action?: ReactNode;
  /**
   * A filter panel left of the list; the page has the column even while it is null (pending). On a
   * phone or tablet it sits above the list instead (a FilterPanel folds into a select there).
   */
  side?: ReactNode;
  /** Above the table, in a row: search, filters, export; null while the route is pending. */
  toolbar?: ReactNode;
  /** How the toolbar's items share the row (Journal Entry puts its side filter at the far end). */
  toolbarJustify?: GroupProps['justify'];
  children: ReactNode;
}

/**
 * The frame of every list screen: title (with its action), an optional filter panel, and the
 * toolbar above the table. A screen's own layout names its title and toolbar arrangement once, so
 * the page and its pending state look alike.
 */
export function ListPageLayout({
  title,
  action,
  side,
  toolbar,
  toolbarJustify,
  children,
}: ListPageLayoutProps) {
  const narrow = useNarrowScreen();
  // The title, the filter panel's frame and the toolbar's row are memoised on what they show, so a
  // new page of rows (the children) renders the list's frame and not them (decision 056).
  const heading = useMemo(() => <Title order={2}>{title}</Title>, [title]);
  const toolbarRow = useMemo(
    () =>
      toolbar ? (
        <Group
          gap="sm"
          align="flex-end"
          justify={toolbarJustify}
          className={narrow ? classes.narrowToolbar : undefined}
        >
          {toolbar}
        </Group>
      ) : null,
    [toolbar, toolbarJustify, narrow],
  );
  const sidePanel = useMemo(
    () =>
      side ? (
        <Paper withBorder p="xs" radius="md">
          {side}
        </Paper>
      ) : null,
    [side],
  );
  const list = (
    <Paper withBorder p="md" radius="md" style={side === undefined ? LIST_ALONE : LIST_BESIDE}>
      <Stack gap="sm">
        {toolbarRow}
        {children}
      </Stack>
    </Paper>
  );
  return (
    <Stack gap="md">
      {action === undefined ? (
        heading
      ) : (
        <Group justify="space-between" align="center">
          {heading}
          {action}
        </Group>
      )}
      {side === undefined ? (
        list
      ) : narrow ? (
        // No panel beside the list: at 390px it would leave the table about 120px.
        <Stack gap="sm">
          {side}
          {list}
        </Stack>
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          {sidePanel}
          {list}
        </Group>
      )}
    </Stack>
  );
}

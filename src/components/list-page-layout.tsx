import { Group, type GroupProps, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './list-page-layout.module.css';
import { useNarrowScreen } from './list-page-layout-narrow';

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
  const heading = <Title order={2}>{title}</Title>;
  const list = (
    <Paper
      withBorder
      p="md"
      radius="md"
      style={side === undefined ? { minWidth: 0 } : { flex: 1, minWidth: 0 }}
    >
      <Stack gap="sm">
        {toolbar ? (
          <Group
            gap="sm"
            align="flex-end"
            justify={toolbarJustify}
            className={narrow ? classes.narrowToolbar : undefined}
          >
            {toolbar}
          </Group>
        ) : null}
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
          {side ? (
            <Paper withBorder p="xs" radius="md">
              {side}
            </Paper>
          ) : null}
          {list}
        </Group>
      )}
    </Stack>
  );
}

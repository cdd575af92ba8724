import { LISTS, type ListId } from '@contract/list-view';
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ListColumnDef } from '@/components/data-table';
import { listViewQueries, useSaveColumns } from '@/queries/list-views';
import { UI_LIST_VIEWS } from './list-views-copy';

const C = UI_LIST_VIEWS.columns;

/** A column definition's id: its `id`, or the key it reads (`helper.accessor('amount', …)`). */
export function columnIdOf<TData extends RowData>(column: ListColumnDef<TData>): string | undefined {
  if (typeof column.id === 'string') return column.id;
  const key = (column as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key : undefined;
}

/** The column's header when it is a text, else its id. */
function labelOf<TData extends RowData>(column: ListColumnDef<TData>, id: string): string {
  return typeof column.header === 'string' ? column.header : id;
}

const managedBy = (list: ListId): readonly string[] => LISTS[list].columns;

/**
 * The columns to show for a choice (null: the list's own). Only the list's own columns are the
 * picker's: any other (a row number, a selection checkbox, the actions) keeps its place and is
 * always shown. The chosen columns fill the places of the picker's columns in the chosen order;
 * a required column missing from a stale choice is shown anyway.
 */
export function chooseColumns<TData extends RowData>(
  columns: ReadonlyArray<ListColumnDef<TData>>,
  list: ListId,
  chosen: readonly string[] | null,
): ReadonlyArray<ListColumnDef<TData>> {
  if (chosen === null) return columns;
  const managed = managedBy(list);
  const byId = new Map<string, ListColumnDef<TData>>();
  for (const column of columns) {
    const id = columnIdOf(column);
    if (id !== undefined && managed.includes(id)) byId.set(id, column);
  }
  const required: readonly string[] = LISTS[list].required;
  const shown = [...chosen, ...required.filter((id) => !chosen.includes(id))]
    .map((id) => byId.get(id))
    .filter((column): column is ListColumnDef<TData> => column !== undefined);
  const result: ListColumnDef<TData>[] = [];
  let next = 0;
  for (const column of columns) {
    const id = columnIdOf(column);
    if (id === undefined || !managed.includes(id)) result.push(column);
    else if (next < shown.length) result.push(shown[next++] as ListColumnDef<TData>);
  }
  // Fewer places than chosen columns cannot happen (each place is one of them), but never drop one.
  return next < shown.length ? [...result, ...shown.slice(next)] : result;
}

/** The person's column choice of a list (none without a list id) and the columns it shows. */
export function useChosenColumns<TData extends RowData>(
  list: ListId | undefined,
  columns: ReadonlyArray<ListColumnDef<TData>>,
) {
  const query = useQuery({
    ...listViewQueries.preferenceOf(list ?? 'transactions'),
    enabled: list !== undefined,
  });
  const chosen = list === undefined ? null : (query.data?.columns ?? null);
  const shown = useMemo(
    () => (list === undefined ? columns : chooseColumns(columns, list, chosen)),
    [columns, list, chosen],
  );
  return { chosen, columns: shown };
}

interface PickerRow {
  id: string;
  label: string;
  shown: boolean;
  required: boolean;
}

export interface ColumnPickerProps<TData extends RowData> {
  list: ListId;
  /** The list's column definitions, in its own order (for their names). */
  columns: ReadonlyArray<ListColumnDef<TData>>;
  /** The person's choice; null for the list's own columns. */
  chosen: readonly string[] | null;
}

/**
 * Shows, hides and moves the list's columns; each change is kept on the server for the person
 * (`PUT list-preferences`), Reset forgets it. Moving is by buttons, so it works from the keyboard
 * and with a screen reader; a required column's box cannot be cleared.
 */
export function ColumnPicker<TData extends RowData>({ list, columns, chosen }: ColumnPickerProps<TData>) {
  const save = useSaveColumns(list);
  const managed = managedBy(list);
  const required: readonly string[] = LISTS[list].required;
  const labels = new Map<string, string>();
  for (const column of columns) {
    const id = columnIdOf(column);
    if (id !== undefined && managed.includes(id)) labels.set(id, labelOf(column, id));
  }
  const own = managed.filter((id) => labels.has(id));
  const visible = chosen === null ? own : chosen.filter((id) => labels.has(id));
  const rows: PickerRow[] = [
    ...visible.map((id) => ({ id, shown: true })),
    ...own.filter((id) => !visible.includes(id)).map((id) => ({ id, shown: false })),
  ].map((row) => ({ ...row, label: labels.get(row.id) ?? row.id, required: required.includes(row.id) }));

  const write = (next: PickerRow[]) => save.mutate(next.filter((row) => row.shown).map((row) => row.id));
  const toggle = (id: string) =>
    write(rows.map((row) => (row.id === id ? { ...row, shown: !row.shown } : row)));
  const move = (at: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(at, 1);
    if (row) next.splice(at + by, 0, row);
    write(next);
  };
  const shownCount = visible.length;

  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default">{C.open}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={C.title}>
          <Text size="sm" fw={500}>
            {C.title}
          </Text>
          {rows.map((row, at) => (
            <Group key={row.id} gap="xs" justify="space-between" wrap="nowrap">
              <Checkbox
                label={row.label}
                checked={row.shown}
                disabled={row.required}
                title={row.required ? C.required(row.label) : undefined}
                onChange={() => toggle(row.id)}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={C.moveUp(row.label)}
                  disabled={!row.shown || at === 0}
                  onClick={() => move(at, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={C.moveDown(row.label)}
                  disabled={!row.shown || at >= shownCount - 1}
                  onClick={() => move(at, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          ))}
          <Button variant="subtle" size="xs" disabled={chosen === null} onClick={() => save.mutate(null)}>
            {C.reset}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

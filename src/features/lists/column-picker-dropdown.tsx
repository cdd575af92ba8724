/**
 * The column picker's dropdown: the list's columns with a box to show or hide each and buttons to
 * move it, loaded when the picker is first opened or pointed at (decision 057). The picker's
 * button and its popover are in column-picker.tsx.
 */
import { LISTS, type ListId } from '@contract/list-view';
import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import type { ListColumnDef } from '@/components/data-table';
import { useSaveColumns } from '@/queries/list-views';
import { columnIdOf } from './column-picker';
import { UI_LIST_VIEWS } from './list-views-copy';

const C = UI_LIST_VIEWS.columns;

/** The column's header when it is a text, else its id. */
function labelOf<TData extends RowData>(column: ListColumnDef<TData>, id: string): string {
  return typeof column.header === 'string' ? column.header : id;
}

interface PickerRow {
  id: string;
  label: string;
  shown: boolean;
  required: boolean;
}

export interface ColumnPickerRowsProps<TData extends RowData> {
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
export function ColumnPickerRows<TData extends RowData>({
  list,
  columns,
  chosen,
}: ColumnPickerRowsProps<TData>) {
  const save = useSaveColumns(list);
  const managed: readonly string[] = LISTS[list].columns;
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
  );
}

import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { UI_LISTS } from './copy';

export interface ActiveFilter {
  /** The search param(s) it stands for, e.g. `amountMin`. */
  key: string;
  label: string;
  onRemove: () => void;
}

/**
 * The active filters as chips, each removable, and one "Clear all" (issue 24). Nothing is drawn
 * when no filter is active, so a list without filters keeps its layout.
 */
export function FilterChips({
  filters,
  onClearAll,
}: {
  filters: readonly ActiveFilter[];
  onClearAll: () => void;
}) {
  if (filters.length === 0) return null;
  return (
    <Group gap="xs" mb="sm" role="group" aria-label={UI_LISTS.chips.label}>
      {filters.map((filter) => (
        <Badge
          key={filter.key}
          size="lg"
          variant="light"
          tt="none"
          fw={500}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={UI_LISTS.chips.remove(filter.label)}
              onClick={filter.onRemove}
            />
          }
        >
          {filter.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
        {UI_LISTS.chips.clearAll}
      </Button>
    </Group>
  );
}

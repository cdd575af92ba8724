import { SegmentedControl } from '@mantine/core';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

export interface FilterPanelProps<T extends string> {
  /** Accessible name of the group, e.g. 'Filter'. */
  label: string;
  value: T;
  options: readonly FilterOption<T>[];
  onChange: (value: T) => void;
}

/**
 * The list screens' left panel of mutually exclusive choices. A vertical SegmentedControl is a
 * native radio group underneath: arrow keys move, and each choice is a radio named by its label.
 */
export function FilterPanel<T extends string>({ label, value, options, onChange }: FilterPanelProps<T>) {
  return (
    <SegmentedControl
      aria-label={label}
      orientation="vertical"
      fullWidth
      value={value}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onChange(option.value);
      }}
      miw={180}
    />
  );
}

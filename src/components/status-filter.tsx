import { Select } from '@mantine/core';

/** A list's words for its status filter: the select's label, its "all" choice, each status. */
export interface StatusFilterCopy {
  statusFilter: string;
  statusAll: string;
  statuses: Readonly<Record<string, string>>;
}

export interface StatusFilterProps<S extends string> {
  copy: StatusFilterCopy;
  /** The filter's values, in the select's order; '' (all) comes first. */
  values: readonly S[];
  /** The label of a value, when it is not the value itself in `copy.statuses`. */
  labelOf?: (value: S) => string;
  value: S | '';
  onChange: (value: S | '') => void;
}

/** The one-status select of the status-filtered lists (users, API clients, approvals, chargebacks). */
export function StatusFilter<S extends string>({
  copy,
  values,
  labelOf = (value) => copy.statuses[value] ?? value,
  value,
  onChange,
}: StatusFilterProps<S>) {
  return (
    <Select
      aria-label={copy.statusFilter}
      w={160}
      value={value}
      data={[{ value: '', label: copy.statusAll }, ...values.map((s) => ({ value: s, label: labelOf(s) }))]}
      onChange={(chosen) => onChange((chosen ?? '') as S | '')}
      allowDeselect={false}
    />
  );
}

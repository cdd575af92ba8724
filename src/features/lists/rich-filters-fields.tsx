import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currencyQueries } from '@/queries/currencies';
import { merchantQueries } from '@/queries/merchants';
import { paymentMethodQueries } from '@/queries/payment-methods';
import { UI_LISTS } from './copy';
import type { Draft, StatusChoice } from './rich-filters';

const C = UI_LISTS.filters;

/** The merchant picker: the server's merchants matching what is typed (name or code), debounced. */
function MerchantSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const list = useQuery(
    merchantQueries.list({ page: 1, limit: 20, search: term || undefined, filter: 'all' }),
  );
  const chosen = useQuery({ ...merchantQueries.detail(value ?? ''), enabled: value !== null });
  const options = (list.data?.contents ?? []).map((m) => ({
    value: m.id,
    label: `${m.business_detail?.name ?? m.merchant_code} (${m.merchant_code})`,
  }));
  if (value && chosen.data && !options.some((o) => o.value === value)) {
    const m = chosen.data;
    options.unshift({ value, label: `${m.business_detail?.name ?? m.merchant_code} (${m.merchant_code})` });
  }
  return (
    <Select
      label={C.merchant}
      placeholder={C.merchantSearch}
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

export interface RichFiltersFieldsProps {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: { min: string | undefined; max: string | undefined };
  showErrors: boolean;
  statusChoices: readonly StatusChoice[] | undefined;
  onCancel: () => void;
}

/**
 * The Filters dropdown's fields, loaded when the dropdown is first wanted (decision 080): Select,
 * MultiSelect and the currency and payment method queries are not on a list page's first load.
 */
export function RichFiltersFields({
  draft,
  set,
  errors,
  showErrors,
  statusChoices,
  onCancel,
}: RichFiltersFieldsProps) {
  const currencies = useQuery(currencyQueries.forForms());
  const methods = useQuery(paymentMethodQueries.forForms());
  return (
    <Stack gap="sm" w={300}>
      {statusChoices ? (
        <MultiSelect
          label={C.statuses}
          data={statusChoices.map((s) => ({ value: s.value, label: s.label }))}
          value={draft.statuses}
          onChange={(chosen) => set({ statuses: chosen })}
          clearable
          comboboxProps={{ withinPortal: false }}
        />
      ) : null}
      <Group grow align="flex-start">
        <TextInput
          label={C.amountMin}
          inputMode="decimal"
          value={draft.amountMin}
          onChange={(event) => set({ amountMin: event.currentTarget.value })}
          error={showErrors ? errors.min : undefined}
        />
        <TextInput
          label={C.amountMax}
          inputMode="decimal"
          value={draft.amountMax}
          onChange={(event) => set({ amountMax: event.currentTarget.value })}
          error={showErrors ? errors.max : undefined}
        />
      </Group>
      <Select
        label={C.currency}
        placeholder={C.any}
        clearable
        data={(currencies.data?.contents ?? []).map((c) => ({
          value: c.name_code,
          label: `${c.name} (${c.name_code})`,
        }))}
        value={draft.currency}
        onChange={(currency) => set({ currency })}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={C.paymentMethod}
        placeholder={C.any}
        clearable
        data={(methods.data?.contents ?? []).map((m) => ({ value: m.code, label: m.name }))}
        value={draft.paymentMethod}
        onChange={(paymentMethod) => set({ paymentMethod })}
        comboboxProps={{ withinPortal: false }}
      />
      <MerchantSelect value={draft.merchant} onChange={(merchant) => set({ merchant })} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {C.cancel}
        </Button>
        <Button type="submit">{C.apply}</Button>
      </Group>
    </Stack>
  );
}

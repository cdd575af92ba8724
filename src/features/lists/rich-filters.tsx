import { compare } from '@contract/decimal';
import { Button, Group, MultiSelect, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currencyQueries } from '@/queries/currencies';
import { merchantQueries } from '@/queries/merchants';
import { paymentMethodQueries } from '@/queries/payment-methods';
import { UI_LISTS } from './copy';
import { isAmountText } from './list-search';

/** The richer filters of the transaction lists, as the route's search params name them. */
export interface RichFilterValues {
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  currency?: string | undefined;
  paymentMethod?: string | undefined;
  merchant?: string | undefined;
}

export interface StatusChoice {
  value: string;
  label: string;
}

interface Draft {
  statuses: string[];
  amountMin: string;
  amountMax: string;
  currency: string | null;
  paymentMethod: string | null;
  merchant: string | null;
}

const C = UI_LISTS.filters;

function draftOf(value: RichFilterValues, statuses: readonly string[]): Draft {
  return {
    statuses: [...statuses],
    amountMin: value.amountMin ?? '',
    amountMax: value.amountMax ?? '',
    currency: value.currency ?? null,
    paymentMethod: value.paymentMethod ?? null,
    merchant: value.merchant ?? null,
  };
}

/** Messages for the amount inputs: a decimal such as 1250.50, the lower end not above the upper. */
export function amountErrors(draft: { amountMin: string; amountMax: string }) {
  const min = draft.amountMin.trim();
  const max = draft.amountMax.trim();
  const minError = min !== '' && !isAmountText(min) ? C.amountInvalid : undefined;
  const maxError = max !== '' && !isAmountText(max) ? C.amountInvalid : undefined;
  const orderError =
    !minError && !maxError && min !== '' && max !== '' && compare(min, max) > 0 ? C.amountOrder : undefined;
  return { min: minError ?? orderError, max: maxError };
}

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

export interface RichFiltersButtonProps {
  value: RichFilterValues;
  /** The statuses chosen (Transactions); undefined on a list without a status choice (Payouts). */
  statuses?: readonly string[] | undefined;
  statusChoices?: readonly StatusChoice[] | undefined;
  /** How many filters are active, for the button's label. */
  activeCount: number;
  onApply: (value: RichFilterValues & { statuses?: string[] }) => void;
}

/** "Filters": amount range, currency, payment method, merchant and (Transactions) several statuses. */
export function RichFiltersButton({
  value,
  statuses,
  statusChoices,
  activeCount,
  onApply,
}: RichFiltersButtonProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(value, statuses ?? []));
  const [showErrors, setShowErrors] = useState(false);
  const currencies = useQuery({ ...currencyQueries.forForms(), enabled: opened });
  const methods = useQuery({ ...paymentMethodQueries.forForms(), enabled: opened });
  const errors = amountErrors(draft);

  const open = () => {
    setDraft(draftOf(value, statuses ?? []));
    setShowErrors(false);
    setOpened(true);
  };
  const apply = () => {
    if (errors.min || errors.max) {
      setShowErrors(true);
      return;
    }
    const text = (s: string) => (s.trim() === '' ? undefined : s.trim());
    onApply({
      ...(statusChoices ? { statuses: draft.statuses } : {}),
      amountMin: text(draft.amountMin),
      amountMax: text(draft.amountMax),
      currency: draft.currency ?? undefined,
      paymentMethod: draft.paymentMethod ?? undefined,
      merchant: draft.merchant ?? undefined,
    });
    setOpened(false);
  };
  const set = (change: Partial<Draft>) => setDraft((old) => ({ ...old, ...change }));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withArrow shadow="md">
      <Popover.Target>
        <Button variant="default" onClick={() => (opened ? setOpened(false) : open())} aria-expanded={opened}>
          {activeCount > 0 ? C.openWithCount(activeCount) : C.open}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label={C.dialog}
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
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
              <Button variant="default" onClick={() => setOpened(false)}>
                {C.cancel}
              </Button>
              <Button type="submit">{C.apply}</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

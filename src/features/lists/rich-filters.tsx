import { compare } from '@contract/decimal';
import { Button, Popover } from '@mantine/core';
import { useState } from 'react';
import { LazyBody, lazyPart, preload } from '@/components/lazy-part';
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

export interface Draft {
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

/**
 * The dropdown's fields come on first use, so a list page loads without Select and MultiSelect
 * (decision 080); a pointer over the button or focus on it starts the load.
 */
const fields = lazyPart(() => import('./rich-filters-fields'));
const preloadFields = () => preload(fields);

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
        <Button
          variant="default"
          onClick={() => (opened ? setOpened(false) : open())}
          onPointerEnter={preloadFields}
          onFocus={preloadFields}
          aria-expanded={opened}
        >
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
          <LazyBody part={fields}>
            {({ RichFiltersFields }) => (
              <RichFiltersFields
                draft={draft}
                set={set}
                errors={errors}
                showErrors={showErrors}
                statusChoices={statusChoices}
                onCancel={() => setOpened(false)}
              />
            )}
          </LazyBody>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

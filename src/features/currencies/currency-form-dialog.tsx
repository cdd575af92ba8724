import {
  type Currency,
  type CurrencyFormValues,
  type CurrencyPayload,
  currencyFormDefaults,
  currencyPayloadSchema,
} from '@contract/currency';
import { SimpleGrid } from '@mantine/core';
import { useDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { UI_CURRENCIES } from './copy';

const F = UI_CURRENCIES.fields;

function valuesOf(currency: Currency | null): CurrencyFormValues {
  if (!currency) return currencyFormDefaults;
  return {
    name: currency.name,
    decimal_places: currency.decimal_places,
    // A decimal string on the wire; NumberInput shows it as typed, without float rounding.
    in_multiples_of: currency.in_multiples_of,
    display_symbol: currency.display_symbol,
    name_code: currency.name_code,
  };
}

export type CurrencyFormDialogProps = RecordDialogProps<'currency', Currency, CurrencyPayload>;

/** Add and edit a currency with the spec §5 rules (contract/currency.ts). */
export const CurrencyFormDialog = recordFormDialog<'currency', Currency, CurrencyPayload>(
  'currency',
  CurrencyForm,
  {
    titles: [UI_CURRENCIES.addTitle, UI_CURRENCIES.editTitle],
    size: 'lg',
  },
);

function CurrencyForm({ currency, onSubmit, onClose }: CurrencyFormDialogProps) {
  const form = useDialogForm({
    defaultValues: valuesOf(currency),
    schema: currencyPayloadSchema,
    onSubmit,
    onSaved: onClose,
  });

  return (
    <form.AppForm>
      <form.DialogBody cancel={UI_CURRENCIES.cancel} submit={UI_CURRENCIES.save} onCancel={onClose}>
        <form.AppField name="name">
          {(field) => <field.TextField label={F.name} withAsterisk />}
        </form.AppField>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.AppField name="name_code">
            {(field) => <field.TextField label={F.nameCode} withAsterisk />}
          </form.AppField>
          <form.AppField name="display_symbol">
            {(field) => <field.TextField label={F.displaySymbol} withAsterisk />}
          </form.AppField>
          {/* No `max`: Mantine would clamp 7 to 6 on blur without a word; the schema's message says why. */}
          <form.AppField name="decimal_places">
            {(field) => <field.NumberField label={F.decimalPlaces} withAsterisk />}
          </form.AppField>
          <form.AppField name="in_multiples_of">
            {(field) => <field.NumberField label={F.inMultiplesOf} withAsterisk />}
          </form.AppField>
        </SimpleGrid>
      </form.DialogBody>
    </form.AppForm>
  );
}

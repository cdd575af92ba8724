import {
  type Currency,
  type CurrencyPayload,
  currencyFormDefaults,
  currencyPayloadSchema,
} from '@contract/currency';
import { SimpleGrid } from '@mantine/core';
import { type FieldSpec, useRecordDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { UI_CURRENCIES } from './copy';

const F = UI_CURRENCIES.fields;
const NAME_FIELD: FieldSpec[] = [{ name: 'name', input: 'text', label: F.name, withAsterisk: true }];
const GRID_FIELDS: FieldSpec[] = [
  { name: 'name_code', input: 'text', label: F.nameCode, withAsterisk: true },
  { name: 'display_symbol', input: 'text', label: F.displaySymbol, withAsterisk: true },
  // No `max`: Mantine would clamp 7 to 6 on blur without a word; the schema's message says why.
  { name: 'decimal_places', input: 'number', label: F.decimalPlaces, withAsterisk: true },
  { name: 'in_multiples_of', input: 'number', label: F.inMultiplesOf, withAsterisk: true },
];

export type CurrencyFormDialogProps = RecordDialogProps<'currency', Currency, CurrencyPayload>;

/** Add and edit a currency with the spec §5 rules (contract/currency.ts). */
export const CurrencyFormDialog = recordFormDialog<'currency', Currency, CurrencyPayload>(
  'currency',
  CurrencyForm,
  { titles: [UI_CURRENCIES.addTitle, UI_CURRENCIES.editTitle], size: 'lg' },
);

function CurrencyForm({ currency, ...props }: CurrencyFormDialogProps) {
  // in_multiples_of is a decimal string on the wire; NumberInput shows it as typed, without float rounding.
  const form = useRecordDialogForm(currency, currencyFormDefaults, currencyPayloadSchema, props);
  const { onClose } = props;

  return (
    <form.AppForm>
      <form.DialogBody cancel={UI_CURRENCIES.cancel} submit={UI_CURRENCIES.save} onCancel={onClose}>
        <form.Fields fields={NAME_FIELD} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.Fields fields={GRID_FIELDS} />
        </SimpleGrid>
      </form.DialogBody>
    </form.AppForm>
  );
}

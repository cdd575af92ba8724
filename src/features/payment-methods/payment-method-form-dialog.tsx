import {
  PAYMENT_METHOD_TYPES,
  type PaymentMethod,
  type PaymentMethodPayload,
  paymentMethodFormDefaults,
  paymentMethodPayloadSchema,
} from '@contract/payment-method';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FieldSpec, useRecordDialogForm } from '@/components/app-form';
import { UI_KIT } from '@/components/copy';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { currencyQueries } from '@/queries/currencies';
import { UI_PAYMENT_METHODS } from './copy';

const T = UI_PAYMENT_METHODS;
const F = T.fields;

const TYPE_OPTIONS = PAYMENT_METHOD_TYPES.map((type) => ({ value: type, label: T.types[type] }));
const GRID_FIELDS: FieldSpec[] = [
  { name: 'name', input: 'text', label: F.name, withAsterisk: true },
  { name: 'code', input: 'text', label: F.code, withAsterisk: true },
  {
    name: 'type',
    input: 'select',
    label: F.type,
    withAsterisk: true,
    placeholder: T.typePlaceholder,
    data: TYPE_OPTIONS,
  },
  {
    name: 'account_number_length',
    input: 'number',
    label: F.accountNumberLength,
    withAsterisk: true,
  },
];
const LINK_FIELDS: FieldSpec[] = [
  { name: 'url', input: 'text', label: F.url, withAsterisk: true, type: 'url' },
  { name: 'logo', input: 'text', label: F.logo, description: T.logoHint, withAsterisk: true },
];

export type PaymentMethodFormDialogProps = RecordDialogProps<'method', PaymentMethod, PaymentMethodPayload>;

/** Add and edit a payment method with every spec §5 rule (contract/payment-method.ts). */
export const PaymentMethodFormDialog = recordFormDialog<'method', PaymentMethod, PaymentMethodPayload>(
  'method',
  PaymentMethodForm,
  { titles: [T.addTitle, T.editTitle], size: 'lg' },
);

/** The supported-currency choices: the first 50 currencies (spec §9), plus any code the method already lists. */
function useCurrencyOptions(selected: readonly string[]) {
  const query = useQuery(currencyQueries.forForms());
  const options = (query.data?.contents ?? []).map((c) => ({
    value: c.name_code,
    label: `${c.name_code} – ${c.name}`,
  }));
  const known = new Set(options.map((o) => o.value));
  for (const code of selected) if (!known.has(code)) options.push({ value: code, label: code });
  return { options, failed: query.isError };
}

function PaymentMethodForm({ method, ...props }: PaymentMethodFormDialogProps) {
  const currencies = useCurrencyOptions(
    method?.supported_currencies ?? paymentMethodFormDefaults.supported_currencies,
  );
  const form = useRecordDialogForm(method, paymentMethodFormDefaults, paymentMethodPayloadSchema, props);
  const { onClose } = props;

  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={T.save} onCancel={onClose}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.Fields fields={GRID_FIELDS} />
        </SimpleGrid>
        <form.Fields fields={LINK_FIELDS} />
        <form.Fields
          fields={[
            {
              name: 'supported_currencies',
              input: 'multiSelect',
              label: F.supportedCurrencies,
              withAsterisk: true,
              searchable: true,
              placeholder: T.currenciesPlaceholder,
              data: currencies.options,
              fallbackError: currencies.failed ? UI_KIT.list.failed : undefined,
            },
          ]}
        />
      </form.DialogBody>
    </form.AppForm>
  );
}

import {
  PAYMENT_METHOD_TYPES,
  type PaymentMethod,
  type PaymentMethodFormValues,
  type PaymentMethodPayload,
  paymentMethodFormDefaults,
  paymentMethodPayloadSchema,
} from '@contract/payment-method';
import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDialogForm } from '@/components/app-form';
import { UI_KIT } from '@/components/copy';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { currencyQueries } from '@/queries/currencies';
import { UI_PAYMENT_METHODS } from './copy';

const T = UI_PAYMENT_METHODS;
const F = T.fields;

const TYPE_OPTIONS = PAYMENT_METHOD_TYPES.map((type) => ({ value: type, label: T.types[type] }));

function valuesOf(method: PaymentMethod | null): PaymentMethodFormValues {
  if (!method) return paymentMethodFormDefaults;
  return {
    name: method.name,
    type: method.type,
    url: method.url,
    logo: method.logo,
    code: method.code,
    account_number_length: method.account_number_length,
    supported_currencies: [...method.supported_currencies],
  };
}

export type PaymentMethodFormDialogProps = RecordDialogProps<'method', PaymentMethod, PaymentMethodPayload>;

/** Add and edit a payment method with every spec §5 rule (contract/payment-method.ts). */
export const PaymentMethodFormDialog = recordFormDialog<'method', PaymentMethod, PaymentMethodPayload>(
  'method',
  PaymentMethodForm,
  {
    titles: [T.addTitle, T.editTitle],
    size: 'lg',
  },
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

function PaymentMethodForm({ method, onSubmit, onClose }: PaymentMethodFormDialogProps) {
  const defaults = valuesOf(method);
  const currencies = useCurrencyOptions(defaults.supported_currencies);
  const form = useDialogForm({
    defaultValues: defaults,
    schema: paymentMethodPayloadSchema,
    onSubmit,
    onSaved: onClose,
  });

  return (
    <form.AppForm>
      <form.DialogBody cancel={T.cancel} submit={T.save} onCancel={onClose}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.AppField name="name">
            {(field) => <field.TextField label={F.name} withAsterisk />}
          </form.AppField>
          <form.AppField name="code">
            {(field) => <field.TextField label={F.code} withAsterisk />}
          </form.AppField>
          <form.AppField name="type">
            {(field) => (
              <field.SelectField
                label={F.type}
                withAsterisk
                placeholder={T.typePlaceholder}
                data={TYPE_OPTIONS}
              />
            )}
          </form.AppField>
          <form.AppField name="account_number_length">
            {(field) => <field.NumberField label={F.accountNumberLength} withAsterisk allowDecimal={false} />}
          </form.AppField>
        </SimpleGrid>
        <form.AppField name="url">
          {(field) => <field.TextField label={F.url} withAsterisk type="url" />}
        </form.AppField>
        <form.AppField name="logo">
          {(field) => <field.TextField label={F.logo} description={T.logoHint} withAsterisk />}
        </form.AppField>
        <form.AppField name="supported_currencies">
          {(field) => (
            <field.MultiSelectField
              label={F.supportedCurrencies}
              withAsterisk
              searchable
              placeholder={T.currenciesPlaceholder}
              data={currencies.options}
              fallbackError={currencies.failed ? UI_KIT.list.failed : undefined}
            />
          )}
        </form.AppField>
      </form.DialogBody>
    </form.AppForm>
  );
}

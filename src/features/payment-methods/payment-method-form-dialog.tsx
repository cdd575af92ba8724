import { UI, UI_PAYMENT_METHODS } from '@contract/messages';
import {
  PAYMENT_METHOD_TYPES,
  type PaymentMethod,
  type PaymentMethodFormValues,
  type PaymentMethodPayload,
  paymentMethodFormDefaults,
  paymentMethodPayloadSchema,
} from '@contract/payment-method';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';
import { currencyQueries } from '@/queries/currencies';

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

export interface PaymentMethodFormDialogProps {
  opened: boolean;
  /** The method to edit; null adds a new one. */
  method: PaymentMethod | null;
  /** Sends the payload; resolves when saved (the dialog then closes), rejects on a refusal (it stays open). */
  onSubmit: (payload: PaymentMethodPayload) => Promise<unknown>;
  onClose: () => void;
}

/** Add and edit a payment method with every spec §5 rule (contract/payment-method.ts). */
export function PaymentMethodFormDialog({ opened, method, onSubmit, onClose }: PaymentMethodFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={method ? T.editTitle : T.addTitle}
      closeButtonProps={{ 'aria-label': T.close }}
      centered
      size="lg"
    >
      {/* Keyed so each opening starts from the chosen method's values, not the last form's. */}
      {opened ? (
        <PaymentMethodForm key={method?.id ?? 'new'} method={method} onSubmit={onSubmit} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

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

function PaymentMethodForm({ method, onSubmit, onClose }: Omit<PaymentMethodFormDialogProps, 'opened'>) {
  const defaults = valuesOf(method);
  const currencies = useCurrencyOptions(defaults.supported_currencies);
  const form = useForm({
    defaultValues: defaults,
    // Checked on submit, then again on every change, so a fixed field loses its message at once.
    validationLogic: revalidateLogic(),
    validators: { onDynamic: paymentMethodPayloadSchema },
    onSubmit: async ({ value }) => {
      try {
        await onSubmit(v.parse(paymentMethodPayloadSchema, value));
        onClose();
      } catch {
        // Refused: fetchData toasted the server's message; the form stays open to correct it.
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.Field name="name">
            {(field) => (
              <TextInput
                label={F.name}
                withAsterisk
                value={field.state.value}
                onChange={(event) => field.handleChange(event.currentTarget.value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="code">
            {(field) => (
              <TextInput
                label={F.code}
                withAsterisk
                value={field.state.value}
                onChange={(event) => field.handleChange(event.currentTarget.value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="type">
            {(field) => (
              <Select
                label={F.type}
                withAsterisk
                placeholder={T.typePlaceholder}
                data={TYPE_OPTIONS}
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="account_number_length">
            {(field) => (
              <NumberInput
                label={F.accountNumberLength}
                withAsterisk
                allowDecimal={false}
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
        </SimpleGrid>
        <form.Field name="url">
          {(field) => (
            <TextInput
              label={F.url}
              withAsterisk
              type="url"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="logo">
          {(field) => (
            <TextInput
              label={F.logo}
              description={T.logoHint}
              withAsterisk
              value={field.state.value}
              onChange={(event) => field.handleChange(event.currentTarget.value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="supported_currencies">
          {(field) => (
            <MultiSelect
              label={F.supportedCurrencies}
              withAsterisk
              searchable
              placeholder={T.currenciesPlaceholder}
              data={currencies.options}
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors) ?? (currencies.failed ? UI.list.failed : undefined)}
            />
          )}
        </form.Field>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {T.cancel}
          </Button>
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button type="submit" loading={submitting}>
                {T.save}
              </Button>
            )}
          </form.Subscribe>
        </Group>
      </Stack>
    </form>
  );
}

import {
  type Currency,
  type CurrencyFormValues,
  type CurrencyPayload,
  currencyFormDefaults,
  currencyPayloadSchema,
} from '@contract/currency';
import { UI_CURRENCIES } from '@contract/messages';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';

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

export interface CurrencyFormDialogProps {
  opened: boolean;
  /** The currency to edit; null adds a new one. */
  currency: Currency | null;
  /** Sends the payload; resolves when saved (the dialog then closes), rejects on a refusal (it stays open). */
  onSubmit: (payload: CurrencyPayload) => Promise<unknown>;
  onClose: () => void;
}

/** Add and edit a currency with the spec §5 rules (contract/currency.ts). */
export function CurrencyFormDialog({ opened, currency, onSubmit, onClose }: CurrencyFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={currency ? UI_CURRENCIES.editTitle : UI_CURRENCIES.addTitle}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': UI_CURRENCIES.close }}
    >
      {/* Keyed so each opening starts from the chosen currency's values, not the last form's. */}
      {opened ? (
        <CurrencyForm key={currency?.id ?? 'new'} currency={currency} onSubmit={onSubmit} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function CurrencyForm({ currency, onSubmit, onClose }: Omit<CurrencyFormDialogProps, 'opened'>) {
  const form = useForm({
    defaultValues: valuesOf(currency),
    // Checked on the first submit, then on every change, so a fixed field clears its message at once.
    validationLogic: revalidateLogic(),
    validators: { onDynamic: currencyPayloadSchema },
    onSubmit: async ({ value }) => {
      try {
        await onSubmit(v.parse(currencyPayloadSchema, value));
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.Field name="name_code">
            {(field) => (
              <TextInput
                label={F.nameCode}
                withAsterisk
                value={field.state.value}
                onChange={(event) => field.handleChange(event.currentTarget.value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="display_symbol">
            {(field) => (
              <TextInput
                label={F.displaySymbol}
                withAsterisk
                value={field.state.value}
                onChange={(event) => field.handleChange(event.currentTarget.value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="decimal_places">
            {(field) => (
              // No `max`: Mantine would clamp 7 to 6 on blur without a word; the schema's message says why.
              <NumberInput
                label={F.decimalPlaces}
                withAsterisk
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="in_multiples_of">
            {(field) => (
              <NumberInput
                label={F.inMultiplesOf}
                withAsterisk
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
                onBlur={field.handleBlur}
                error={fieldError(field.state.meta.errors)}
              />
            )}
          </form.Field>
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {UI_CURRENCIES.cancel}
          </Button>
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button type="submit" loading={submitting}>
                {UI_CURRENCIES.save}
              </Button>
            )}
          </form.Subscribe>
        </Group>
      </Stack>
    </form>
  );
}

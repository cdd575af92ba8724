import { UI_PAYMENT_METHODS } from '@contract/messages';
import {
  LIMIT_INTERVALS,
  type TransactionLimit,
  type TransactionLimitFormValues,
  type TransactionLimitPayload,
  transactionLimitFormDefaults,
  transactionLimitPayloadSchema,
} from '@contract/transaction-limit';
import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { fieldError } from '@/lib/field-error';

const L = UI_PAYMENT_METHODS.limits;
const INTERVAL_OPTIONS = LIMIT_INTERVALS.map((interval) => ({
  value: interval,
  label: L.intervals[interval],
}));

function valuesOf(paymentMethodId: string, limit: TransactionLimit | null): TransactionLimitFormValues {
  if (!limit) return transactionLimitFormDefaults(paymentMethodId);
  return {
    min_amount: limit.min_amount,
    max_amount: limit.max_amount,
    interval: limit.interval,
    payment_method_id: paymentMethodId,
  };
}

export interface LimitFormDialogProps {
  opened: boolean;
  paymentMethodId: string;
  /** The limit to edit; null adds one. */
  limit: TransactionLimit | null;
  /** Resolves when saved (the dialog then closes); rejects on a refusal (it stays open). */
  onSubmit: (payload: TransactionLimitPayload) => Promise<unknown>;
  onClose: () => void;
}

/** Add and edit a transaction limit with the spec §5 rules (contract/transaction-limit.ts). */
export function LimitFormDialog({ opened, paymentMethodId, limit, onSubmit, onClose }: LimitFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={limit ? L.editTitle : L.addTitle}
      closeButtonProps={{ 'aria-label': UI_PAYMENT_METHODS.close }}
      centered
    >
      {opened ? (
        <LimitForm
          key={limit?.id ?? 'new'}
          paymentMethodId={paymentMethodId}
          limit={limit}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function LimitForm({ paymentMethodId, limit, onSubmit, onClose }: Omit<LimitFormDialogProps, 'opened'>) {
  const form = useForm({
    defaultValues: valuesOf(paymentMethodId, limit),
    validationLogic: revalidateLogic(),
    // Add and edit share the rules; the edit call leaves payment_method_id out (the limit stays on its method).
    validators: { onDynamic: transactionLimitPayloadSchema },
    onSubmit: async ({ value }) => {
      try {
        await onSubmit(v.parse(transactionLimitPayloadSchema, value));
        onClose();
      } catch {
        // Refused: the failure was toasted; the form stays open to correct it.
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
        <form.Field name="min_amount">
          {(field) => (
            <NumberInput
              label={L.fields.min}
              withAsterisk
              allowDecimal={false}
              thousandSeparator=","
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="max_amount">
          {(field) => (
            <NumberInput
              label={L.fields.max}
              withAsterisk
              allowDecimal={false}
              thousandSeparator=","
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="interval">
          {(field) => (
            <Select
              label={L.fields.interval}
              withAsterisk
              placeholder={L.intervalPlaceholder}
              data={INTERVAL_OPTIONS}
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              onBlur={field.handleBlur}
              error={fieldError(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {UI_PAYMENT_METHODS.cancel}
          </Button>
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button type="submit" loading={submitting}>
                {L.save}
              </Button>
            )}
          </form.Subscribe>
        </Group>
      </Stack>
    </form>
  );
}

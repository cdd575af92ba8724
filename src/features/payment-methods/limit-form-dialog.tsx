import {
  LIMIT_INTERVALS,
  type TransactionLimit,
  type TransactionLimitFormValues,
  type TransactionLimitPayload,
  transactionLimitFormDefaults,
  transactionLimitPayloadSchema,
} from '@contract/transaction-limit';
import { Stack } from '@mantine/core';
import { useDialogForm } from '@/components/app-form';
import { FormDialog } from '@/components/form-dialog';
import { UI_PAYMENT_METHODS } from './copy';

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
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={limit ? L.editTitle : L.addTitle}
      formKey={limit?.id ?? 'new'}
    >
      <LimitForm paymentMethodId={paymentMethodId} limit={limit} onSubmit={onSubmit} onClose={onClose} />
    </FormDialog>
  );
}

function LimitForm({ paymentMethodId, limit, onSubmit, onClose }: Omit<LimitFormDialogProps, 'opened'>) {
  // Add and edit share the rules; the edit call leaves payment_method_id out (the limit stays on its method).
  const form = useDialogForm({
    defaultValues: valuesOf(paymentMethodId, limit),
    schema: transactionLimitPayloadSchema,
    onSubmit,
    onSaved: onClose,
  });

  return (
    <form.AppForm>
      <form.FormElement>
        <Stack gap="md">
          <form.AppField name="min_amount">
            {(field) => (
              <field.NumberField
                label={L.fields.min}
                withAsterisk
                allowDecimal={false}
                thousandSeparator=","
              />
            )}
          </form.AppField>
          <form.AppField name="max_amount">
            {(field) => (
              <field.NumberField
                label={L.fields.max}
                withAsterisk
                allowDecimal={false}
                thousandSeparator=","
              />
            )}
          </form.AppField>
          <form.AppField name="interval">
            {(field) => (
              <field.SelectField
                label={L.fields.interval}
                withAsterisk
                placeholder={L.intervalPlaceholder}
                data={INTERVAL_OPTIONS}
              />
            )}
          </form.AppField>
          <form.FormActions cancel={UI_PAYMENT_METHODS.cancel} submit={L.save} onCancel={onClose} />
        </Stack>
      </form.FormElement>
    </form.AppForm>
  );
}

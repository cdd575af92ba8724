import {
  LIMIT_INTERVALS,
  type TransactionLimit,
  type TransactionLimitFormValues,
  type TransactionLimitPayload,
  transactionLimitFormDefaults,
  transactionLimitPayloadSchema,
} from '@contract/transaction-limit';
import { type FieldSpec, useDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { UI_PAYMENT_METHODS } from './copy';

const L = UI_PAYMENT_METHODS.limits;
const INTERVAL_OPTIONS = LIMIT_INTERVALS.map((interval) => ({
  value: interval,
  label: L.intervals[interval],
}));
const amount = (name: string, label: string): FieldSpec => ({
  name,
  input: 'number',
  label,
  withAsterisk: true,
  thousandSeparator: ',',
});
const FIELDS: FieldSpec[] = [
  amount('min_amount', L.fields.min),
  amount('max_amount', L.fields.max),
  {
    name: 'interval',
    input: 'select',
    label: L.fields.interval,
    withAsterisk: true,
    placeholder: L.intervalPlaceholder,
    data: INTERVAL_OPTIONS,
  },
];

function valuesOf(paymentMethodId: string, limit: TransactionLimit | null): TransactionLimitFormValues {
  if (!limit) return transactionLimitFormDefaults(paymentMethodId);
  return {
    min_amount: limit.min_amount,
    max_amount: limit.max_amount,
    interval: limit.interval,
    payment_method_id: paymentMethodId,
  };
}

export type LimitFormDialogProps = RecordDialogProps<'limit', TransactionLimit, TransactionLimitPayload> & {
  paymentMethodId: string;
};

/** Add and edit a transaction limit with the spec §5 rules (contract/transaction-limit.ts). */
export const LimitFormDialog = recordFormDialog<
  'limit',
  TransactionLimit,
  TransactionLimitPayload,
  { paymentMethodId: string }
>('limit', LimitForm, {
  titles: [L.addTitle, L.editTitle],
});

function LimitForm({ paymentMethodId, limit, onSubmit, onClose }: LimitFormDialogProps) {
  // Add and edit share the rules; the edit call leaves payment_method_id out (the limit stays on its method).
  const form = useDialogForm({
    defaultValues: valuesOf(paymentMethodId, limit),
    schema: transactionLimitPayloadSchema,
    onSubmit,
    onSaved: onClose,
  });

  return (
    <form.AppForm>
      <form.DialogBody cancel={UI_PAYMENT_METHODS.cancel} submit={L.save} onCancel={onClose}>
        <form.Fields fields={FIELDS} />
      </form.DialogBody>
    </form.AppForm>
  );
}

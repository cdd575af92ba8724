import {
  DISPUTE_DECISIONS,
  type DisputeDecisionPayloadInput,
  disputeDecisionPayloadSchema,
} from '@contract/dispute';
import { Radio, Stack } from '@mantine/core';
import { useDialogForm } from '@/components/app-form';
import { fieldError } from '@/lib/field-error';
import { UI_DISPUTES } from './copy';

const D = UI_DISPUTES.detail;

/** WON or LOST and the staff's notes; saved closes it. */
export function DisputeDecisionForm({
  onSubmit,
  onClose,
}: {
  onSubmit: (payload: DisputeDecisionPayloadInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useDialogForm<DisputeDecisionPayloadInput, DisputeDecisionPayloadInput>({
    // An empty choice until one is made: the schema's message says to choose.
    defaultValues: { decision: '' as DisputeDecisionPayloadInput['decision'], notes: '' },
    schema: disputeDecisionPayloadSchema,
    onSubmit,
    onSaved: onClose,
  });
  return (
    <form.AppForm>
      <form.DialogBody cancel={D.cancel} submit={D.submit} onCancel={onClose}>
        <form.AppField name="decision">
          {(field) => (
            <Radio.Group
              label={D.decision}
              withAsterisk
              value={field.state.value}
              onChange={(value) => field.handleChange(value as DisputeDecisionPayloadInput['decision'])}
              error={fieldError(field.state.meta.errors)}
            >
              <Stack gap={6} mt={4}>
                {DISPUTE_DECISIONS.map((d) => (
                  <Radio key={d} value={d} label={d === 'WON' ? D.won : D.lost} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </form.AppField>
        <form.AppField name="notes">{(f) => <f.TextareaField label={D.notes} withAsterisk />}</form.AppField>
      </form.DialogBody>
    </form.AppForm>
  );
}

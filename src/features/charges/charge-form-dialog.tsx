import {
  CHARGE_TIMES,
  type Charge,
  type ChargeCalculationMethod,
  type ChargeFormValues,
  type ChargePayload,
  chargeFormDefaults,
  chargePayloadSchema,
} from '@contract/charge';
import { ActionIcon, Box, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useStore } from '@tanstack/react-form';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useDialogForm } from '@/components/app-form';
import { type RecordDialogProps, recordFormDialog } from '@/components/form-dialog';
import { TrashIcon } from '@/components/icons';
import { fieldError } from '@/lib/field-error';
import { enumLabel } from '@/lib/format';
import { UI_CHARGES } from './copy';
import { nextRangeRow } from './range-defaults';

const F = UI_CHARGES.fields;
const CHARGE_TIME_OPTIONS = CHARGE_TIMES.map((time) => ({ value: time, label: enumLabel(time) }));
const RANGED = 'ranged';
const NOT_RANGED = 'not-ranged';

/** Spec deviation 5: fee_on_date is today's date (the spec's screen sent a fixed one). */
const today = () => dayjs().format('YYYY-MM-DD');

function valuesOf(currencyId: string, charge: Charge | null): ChargeFormValues {
  if (!charge) return chargeFormDefaults(currencyId, today());
  return {
    currency_id: charge.currency_id,
    name: charge.name,
    charge_type: charge.charge_type,
    charge_time: charge.charge_time,
    charge_calculation_method: charge.charge_calculation_method,
    amount: charge.amount,
    is_range: charge.is_range,
    charge_ranges: charge.charge_ranges.map((r) => ({ ...r })),
    fee_on_date: charge.fee_on_date ?? today(),
    fee_interval: charge.fee_interval ?? '',
  };
}

function percentSuffix(method: string | null) {
  return method === 'PERCENT' ? (
    <Text size="sm" c="dimmed" aria-hidden>
      %
    </Text>
  ) : undefined;
}

export type ChargeFormDialogProps = RecordDialogProps<'charge', Charge, ChargePayload> & {
  currencyId: string;
};

/** Add and update a gateway charge with the spec §4 and §5 rules (contract/charge.ts). */
export const ChargeFormDialog = recordFormDialog<'charge', Charge, ChargePayload, { currencyId: string }>(
  'charge',
  ChargeForm,
  {
    titles: [UI_CHARGES.addTitle, UI_CHARGES.editTitle],
    size: 'lg',
  },
);

function ChargeForm({ currencyId, charge, onSubmit, onClose }: ChargeFormDialogProps) {
  const form = useDialogForm({
    defaultValues: valuesOf(currencyId, charge),
    schema: chargePayloadSchema,
    onSubmit: (payload: ChargePayload): Promise<unknown> => {
      // Spec §4: 'Not Ranged' clears the ranges on submit (the payload already carries none).
      if (!payload.is_range) form.setFieldValue('charge_ranges', []);
      return onSubmit(payload);
    },
    onSaved: onClose,
  });
  const isRange = useStore(form.store, (s) => s.values.is_range);
  const method = useStore(form.store, (s) => s.values.charge_calculation_method);

  // What the user had in Amount before Ranged zeroed it; empty for a charge that was ranged already.
  const amountBeforeRanged = useRef<ChargeFormValues['amount']>('');

  const chooseRangeStatus = (next: string) => {
    const ranged = next === RANGED;
    const wasRanged = form.getFieldValue('is_range') === true;
    form.setFieldValue('is_range', ranged);
    if (!ranged) {
      // Back to Not Ranged: the Ranged 0 must not be saved unnoticed as a free charge, so the
      // amount typed before returns (or it is empty and the form asks for it).
      if (wasRanged) form.setFieldValue('amount', amountBeforeRanged.current);
      return;
    }
    if (!wasRanged) amountBeforeRanged.current = form.getFieldValue('amount');
    // Spec §4: 'Ranged' sets amount to 0; the rates live in the ranges, so start with one row.
    form.setFieldValue('amount', 0);
    if (form.getFieldValue('charge_ranges').length === 0)
      form.setFieldValue('charge_ranges', [nextRangeRow([])]);
  };

  return (
    <form.AppForm>
      <form.DialogBody
        cancel={UI_CHARGES.cancel}
        submit={charge ? UI_CHARGES.submitUpdate : UI_CHARGES.submitAdd}
        onCancel={onClose}
      >
        <form.AppField name="name">
          {(field) => <field.TextField label={F.name} withAsterisk />}
        </form.AppField>
        <form.AppField name="charge_time">
          {(field) => (
            <field.SelectField
              label={F.chargeTime}
              withAsterisk
              data={CHARGE_TIME_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </form.AppField>
        <form.Field name="charge_calculation_method">
          {(field) => (
            <Radio.Group
              label={F.calculation}
              withAsterisk
              value={field.state.value}
              onChange={(value) => field.handleChange(value as ChargeCalculationMethod)}
              error={fieldError(field.state.meta.errors)}
            >
              <Group mt="xs">
                <Radio value="PERCENT" label={enumLabel('PERCENT')} />
                <Radio value="FLAT" label={enumLabel('FLAT')} />
              </Group>
            </Radio.Group>
          )}
        </form.Field>
        <form.Field name="is_range">
          {(field) => (
            <Radio.Group
              label={F.rangeStatus}
              withAsterisk
              value={field.state.value === null ? null : field.state.value ? RANGED : NOT_RANGED}
              onChange={chooseRangeStatus}
              error={fieldError(field.state.meta.errors)}
            >
              <Group mt="xs">
                <Radio value={RANGED} label={UI_CHARGES.ranged} />
                <Radio value={NOT_RANGED} label={UI_CHARGES.notRanged} />
              </Group>
            </Radio.Group>
          )}
        </form.Field>
        {isRange === true ? null : (
          <form.AppField name="amount">
            {(field) => (
              <field.NumberField label={F.amount} withAsterisk rightSection={percentSuffix(method)} />
            )}
          </form.AppField>
        )}
        {isRange === true ? (
          <form.Field name="charge_ranges" mode="array">
            {(rangesField) => {
              const rows = rangesField.state.value;
              return (
                <Stack gap="xs" role="group" aria-label={F.ranges}>
                  <Text size="sm" fw={500}>
                    {F.ranges}
                  </Text>
                  {rows.map((_, i) => (
                    <Paper
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended or removed at the end, so an index names one row
                      key={i}
                      withBorder
                      p="xs"
                      radius="sm"
                      role="group"
                      aria-label={UI_CHARGES.rangeLabel(i + 1)}
                    >
                      <Group align="flex-start" gap="xs" wrap="nowrap">
                        <form.AppField name={`charge_ranges[${i}].min_amount`}>
                          {(field) => <field.NumberField label={F.from} withAsterisk style={{ flex: 1 }} />}
                        </form.AppField>
                        <form.AppField name={`charge_ranges[${i}].max_amount`}>
                          {(field) => <field.NumberField label={F.to} withAsterisk style={{ flex: 1 }} />}
                        </form.AppField>
                        <form.AppField name={`charge_ranges[${i}].charge_amount`}>
                          {(field) => (
                            <field.NumberField
                              label={F.rangeAmount}
                              withAsterisk
                              style={{ flex: 1 }}
                              rightSection={percentSuffix(method)}
                            />
                          )}
                        </form.AppField>
                        {/* Spec §4: only the last range can be removed, so ranges stay in order. */}
                        {i === rows.length - 1 ? (
                          <ActionIcon
                            mt={26}
                            variant="subtle"
                            color="red"
                            aria-label={UI_CHARGES.removeRange(i + 1)}
                            onClick={() => rangesField.removeValue(i)}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        ) : (
                          // Keeps the columns of every row aligned with the last one's button.
                          <Box w={28} style={{ flexShrink: 0 }} />
                        )}
                      </Group>
                    </Paper>
                  ))}
                  {fieldError(rangesField.state.meta.errors) ? (
                    <Text size="sm" c="red" role="alert">
                      {fieldError(rangesField.state.meta.errors)}
                    </Text>
                  ) : null}
                  <Group>
                    <Button
                      variant="light"
                      size="xs"
                      onClick={() =>
                        // Read now: an array field re-renders on length changes only, so `rows` may hold an old To.
                        rangesField.pushValue(nextRangeRow(form.getFieldValue('charge_ranges')))
                      }
                    >
                      {UI_CHARGES.addRange}
                    </Button>
                  </Group>
                </Stack>
              );
            }}
          </form.Field>
        ) : null}
      </form.DialogBody>
    </form.AppForm>
  );
}

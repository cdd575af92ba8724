import {
  type ApprovalRules,
  type ApprovalRulesInput,
  approvalRulesPayloadSchema,
  type ThresholdInput,
} from '@contract/approval';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/lib/errors';
import { UI_APPROVAL_RULES } from './copy';

const T = UI_APPROVAL_RULES;

type ThresholdField = 'payout_thresholds' | 'refund_thresholds';

/** Messages by the payload's dotted path (`payout_thresholds.0.amount`), from the contract or the server. */
type Messages = Record<string, string>;

function messagesOf(issues: readonly v.BaseIssue<unknown>[]): Messages {
  const out: Messages = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    out[path] ??= issue.message;
  }
  return out;
}

/** The server's `payout_thresholds.1.currency: …` as the form's path and message. */
function serverMessage(message: string): Messages {
  const match = /^([\w.]+): (.*)$/.exec(message);
  return match?.[1] ? { [match[1]]: match[2] ?? message } : {};
}

function toInput(rules: ApprovalRules): ApprovalRulesInput {
  return {
    payout_thresholds: rules.payout_thresholds.map((t) => ({ ...t })),
    refund_thresholds: rules.refund_thresholds.map((t) => ({ ...t })),
    manual_journals: rules.manual_journals,
    gl_account_changes: rules.gl_account_changes,
    account_mapping_changes: rules.account_mapping_changes,
  };
}

export interface ApprovalRulesFormProps {
  rules: ApprovalRules;
  currencyCodes: readonly string[];
  onSubmit: (payload: ApprovalRulesInput) => Promise<unknown>;
}

/** The rule set: a threshold per currency for payouts and refunds, and the switches. */
export function ApprovalRulesForm({ rules, currencyCodes, onSubmit }: ApprovalRulesFormProps) {
  const [values, setValues] = useState<ApprovalRulesInput>(() => toInput(rules));
  const [messages, setMessages] = useState<Messages>({});
  const [busy, setBusy] = useState(false);

  const setThreshold = (field: ThresholdField, index: number, change: Partial<ThresholdInput>) =>
    setValues((old) => ({
      ...old,
      [field]: old[field].map((t, i) => (i === index ? { ...t, ...change } : t)),
    }));

  const submit = async () => {
    const parsed = v.safeParse(approvalRulesPayloadSchema, values);
    if (!parsed.success) {
      setMessages(messagesOf(parsed.issues));
      return;
    }
    setMessages({});
    setBusy(true);
    try {
      await onSubmit(parsed.output);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setMessages(serverMessage(error.message));
    } finally {
      setBusy(false);
    }
  };

  const thresholds = (field: ThresholdField, title: string, hint: string) => (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {hint}
      </Text>
      <Stack gap="xs" role="group" aria-label={title}>
        {values[field].length === 0 ? <Text size="sm">{T.noThresholds}</Text> : null}
        {values[field].map((threshold, index) => (
          // Rows have no id of their own; the position is what the messages name too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} align="flex-start" wrap="wrap" gap="xs">
            <Select
              label={T.currency}
              aria-label={`${title}: ${T.currency} ${index + 1}`}
              w={140}
              data={[...new Set([...currencyCodes, ...(threshold.currency ? [threshold.currency] : [])])]}
              value={threshold.currency || null}
              onChange={(value) => setThreshold(field, index, { currency: value ?? '' })}
              error={messages[`${field}.${index}.currency`]}
              searchable
            />
            <TextInput
              label={T.amount}
              aria-label={`${title}: ${T.amount} ${index + 1}`}
              w={200}
              inputMode="decimal"
              value={String(threshold.amount ?? '')}
              onChange={(event) => setThreshold(field, index, { amount: event.currentTarget.value })}
              error={messages[`${field}.${index}.amount`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={T.removeThreshold(threshold.currency)}
              onClick={() =>
                setValues((old) => ({ ...old, [field]: old[field].filter((_, i) => i !== index) }))
              }
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              setValues((old) => ({ ...old, [field]: [...old[field], { currency: '', amount: '' }] }))
            }
          >
            {T.addThreshold}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );

  const toggle = (
    field: 'manual_journals' | 'gl_account_changes' | 'account_mapping_changes',
    label: string,
  ) => (
    <Checkbox
      label={label}
      checked={values[field]}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setValues((old) => ({ ...old, [field]: checked }));
      }}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{T.intro}</Text>
        {thresholds('payout_thresholds', T.payouts, T.payoutsHint)}
        {thresholds('refund_thresholds', T.refunds, T.refundsHint)}
        <Paper withBorder p="md">
          <Stack gap="sm">
            {toggle('manual_journals', T.manualJournals)}
            {toggle('gl_account_changes', T.glAccountChanges)}
            {toggle('account_mapping_changes', T.accountMappingChanges)}
            <Checkbox label={T.periodReopening} checked disabled readOnly />
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { chosenPasswordSchema } from '@contract/user';
import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { LoadFailure } from '@/components/load-failure';
import { UI_ACCOUNT } from '@/features/account/copy';
import { messageOf, SecondFactorEnrolmentFlow } from '@/features/account/second-factor-enrolment';
import { SessionList } from '@/features/account/session-list';
import { fieldError } from '@/lib/field-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveSession } from '@/lib/session';
import {
  accountKeys,
  accountQueries,
  changePassword,
  endOtherSessions,
  removeSecondFactor,
} from '@/queries/account';

const T = UI_ACCOUNT;

/** The own account (issue 21; decision 029): password, two-step sign-in and sessions. No permission needed. */
export const Route = createFileRoute('/_authenticated/account/')({
  component: AccountPage,
});

function AccountPage() {
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} size="h2">
        {T.title}
      </Title>
      <PasswordSection />
      <SecondFactorSection />
      <SessionsSection />
    </Stack>
  );
}

const passwordSchema = v.pipe(
  v.object({
    current: v.pipe(v.string(), v.nonEmpty('Current password is required')),
    next: chosenPasswordSchema,
    confirm: v.string(),
  }),
  v.forward(
    v.check((x) => x.next === x.confirm, T.password.mismatch),
    ['confirm'],
  ),
);

function PasswordSection() {
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { current: '', next: '', confirm: '' },
    validators: { onSubmit: passwordSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        // Every session is signed out, this one included; the answer is this browser's new one.
        saveSession(await changePassword(value.current, value.next));
        formApi.reset();
        notifySuccess(T.password.done);
        await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      } catch (failure) {
        // The server names the field (`current_password: …`, `new_password: …`): shown under it.
        const text = messageOf(failure, '');
        const field = text.startsWith('current_password: ')
          ? 'current'
          : text.startsWith('new_password: ')
            ? 'next'
            : null;
        if (field === null) {
          notifyError(text);
          return;
        }
        const message = messageOf(failure, field === 'current' ? 'current_password' : 'new_password');
        formApi.setFieldMeta(field, (meta) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onSubmit: message },
        }));
      }
    },
  });
  const labels = { current: T.password.current, next: T.password.next, confirm: T.password.confirm } as const;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-heading">
      <Title order={2} size="h4" id="password-heading" mb="xs">
        {T.password.heading}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {T.password.hint}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Stack gap="sm" maw={420}>
          {(['current', 'next', 'confirm'] as const).map((name) => (
            <form.Field key={name} name={name}>
              {(field) => (
                <PasswordInput
                  label={labels[name]}
                  name={name}
                  autoComplete={name === 'current' ? 'current-password' : 'new-password'}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.currentTarget.value)}
                  onBlur={field.handleBlur}
                  error={fieldError(field.state.meta.errors)}
                />
              )}
            </form.Field>
          ))}
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Group>
                <Button type="submit" loading={submitting}>
                  {T.password.submit}
                </Button>
              </Group>
            )}
          </form.Subscribe>
        </Stack>
      </form>
    </Paper>
  );
}

function SecondFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery(accountQueries.secondFactor());
  const [turningOff, setTurningOff] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.secondFactor });
  const F = T.secondFactor;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="second-factor-heading">
      <Title order={2} size="h4" id="second-factor-heading" mb="xs">
        {F.heading}
      </Title>
      {status.isError ? (
        <LoadFailure onRetry={() => void status.refetch()} />
      ) : !status.data ? null : status.data.enabled ? (
        <Stack gap="sm">
          <Text size="sm">{F.on(status.data.recovery_codes_left)}</Text>
          {status.data.required ? (
            <Text size="sm" c="dimmed">
              {F.required}
            </Text>
          ) : (
            <Group>
              <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
                {F.turnOff}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{F.off}</Text>
          <SecondFactorEnrolmentFlow
            onDone={() => {
              notifySuccess(F.enabled);
              void refresh();
            }}
          />
        </Stack>
      )}
      <TurnOffDialog
        opened={turningOff}
        onClose={() => setTurningOff(false)}
        onDone={() => {
          setTurningOff(false);
          notifySuccess(F.disabled);
          void refresh();
        }}
      />
    </Paper>
  );
}

function TurnOffDialog({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const F = T.secondFactor;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={F.turnOffTitle}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!password) {
            setError('Your password is required');
            return;
          }
          setBusy(true);
          try {
            await removeSecondFactor(password);
            setPassword('');
            onDone();
          } catch (failure) {
            setError(messageOf(failure, 'password'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{F.turnOffIntro}</Text>
          <PasswordInput
            label={F.password}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {F.cancel}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {F.turnOff}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(accountQueries.sessions());
  const [busy, setBusy] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sessions-heading">
      <Title order={2} size="h4" id="sessions-heading" mb="xs">
        {T.sessions.heading}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {T.sessions.intro}
      </Text>
      {sessions.isError ? (
        <LoadFailure onRetry={() => void sessions.refetch()} />
      ) : (
        <Stack gap="sm">
          <SessionList sessions={sessions.data ?? []} />
          <Group>
            <Button
              variant="default"
              disabled={others === 0}
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const { ended } = await endOtherSessions();
                  notifySuccess(T.sessions.signedOut(ended));
                  await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
                } finally {
                  setBusy(false);
                }
              }}
            >
              {T.sessions.signOutOthers}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

import { secondFactorVerifyPayloadSchema } from '@contract/account';
import type { Session } from '@contract/auth';
import { Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/lib/errors';
import { notifyError } from '@/lib/notify';
import { verifySecondFactor } from '@/queries/account';
import { UI_ACCOUNT } from './copy';
import { messageOf } from './second-factor-enrolment';

const T = UI_ACCOUNT.signInCode;

/** The sign-in's second step: a code from the app, or a recovery code (decision 029). */
export function SignInCodeStep({
  step,
  onBack,
  onSession,
}: {
  step: { token: string };
  onBack: () => void;
  onSession: (session: Session) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-default-hover)">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {T.heading}
          </Title>
          <Text c="dimmed">{T.intro}</Text>
        </Stack>
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const parsed = v.safeParse(secondFactorVerifyPayloadSchema, { code });
            if (!parsed.success) {
              setError(parsed.issues[0]?.message);
              return;
            }
            setBusy(true);
            try {
              await onSession(await verifySecondFactor(parsed.output.code, step.token));
            } catch (failure) {
              // A wrong or used code under the field; a rate limit or an expired step as a toast.
              if (isApiError(failure) && failure.status === 400) setError(messageOf(failure, 'code'));
              else notifyError(messageOf(failure, ''));
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack gap="md">
            <TextInput
              label={T.code}
              name="code"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
            />
            <Button type="submit" fullWidth loading={busy}>
              {T.submit}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              {T.back}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

import type { SecondFactorConfirmation, SecondFactorEnrolment } from '@contract/account';
import { secondFactorCodePayloadSchema } from '@contract/account';
import { Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { renderSVG } from 'uqr';
import * as v from 'valibot';
import { isApiError } from '@/lib/errors';
import { confirmEnrolment, startEnrolment } from '@/queries/account';
import { UI_ACCOUNT } from './copy';

const T = UI_ACCOUNT.secondFactor;

/** A refusal's text for under a field: the server names the field first (`code: …`). */
export function messageOf(failure: unknown, field: string): string {
  const text = isApiError(failure) ? (failure.serverMessage ?? failure.message) : String(failure);
  return field !== '' && text.startsWith(`${field}: `) ? text.slice(field.length + 2) : text;
}

/** The otpauth URI as an SVG QR code in a data URL (uqr draws it; nothing leaves the browser). */
export function qrDataUrl(uri: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`;
}

/**
 * Enrolling a TOTP factor: start (the server makes the secret), scan or type it, confirm with a
 * code, then the recovery codes, shown once. `token` is a sign-in step's when a role requires it.
 */
export function SecondFactorEnrolmentFlow({
  token,
  onDone,
}: {
  token?: string;
  onDone: (confirmation: SecondFactorConfirmation) => void;
}) {
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [confirmation, setConfirmation] = useState<SecondFactorConfirmation | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (confirmation)
    return (
      <Stack gap="sm">
        <Text fw={600}>{T.recoveryHeading}</Text>
        <Text size="sm">{T.recoveryIntro}</Text>
        <List aria-label={T.recoveryHeading} listStyleType="none" spacing={2}>
          {confirmation.recovery_codes.map((c) => (
            <List.Item key={c}>
              <Code>{c}</Code>
            </List.Item>
          ))}
        </List>
        <Group>
          <Button onClick={() => onDone(confirmation)}>{T.recoverySaved}</Button>
        </Group>
      </Stack>
    );

  if (!enrolment)
    return (
      <Group>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              setEnrolment(await startEnrolment(token));
            } finally {
              setBusy(false);
            }
          }}
        >
          {T.setUp}
        </Button>
      </Group>
    );

  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const parsed = v.safeParse(secondFactorCodePayloadSchema, { code });
        if (!parsed.success) {
          setError(parsed.issues[0]?.message);
          return;
        }
        setBusy(true);
        try {
          setConfirmation(await confirmEnrolment(parsed.output.code, token));
        } catch (failure) {
          setError(messageOf(failure, 'code'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{T.scan}</Text>
        <Image src={qrDataUrl(enrolment.otpauth_uri)} alt={T.qrAlt} w={200} h={200} />
        <Text size="sm">
          {T.key}: <Code data-testid="totp-secret">{enrolment.secret}</Code>
        </Text>
        <TextInput
          label={T.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maw={240}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {T.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

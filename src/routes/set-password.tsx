import { sessionSchema } from '@contract/auth';
import { envelopeSchema } from '@contract/envelope';
import { passwordChangePayloadSchema } from '@contract/user';
import { Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { UI_USERS } from '@/features/users/copy';
import { api } from '@/lib/api';
import { HTTP_ERRORS } from '@/lib/copy';
import { fieldError } from '@/lib/field-error';
import { notifyError } from '@/lib/notify';
import { forgetPasswordChange, pendingPasswordChange } from '@/lib/password-change';
import { continueSignIn } from '@/lib/sign-in-flow';

const T = UI_USERS.setPassword;

export const Route = createFileRoute('/set-password')({
  beforeLoad: () => {
    // Only right after a sign-in with a one-time password; a reload signs in again.
    if (!pendingPasswordChange()) throw redirect({ to: '/signin', replace: true });
  },
  component: SetPasswordPage,
});

const formSchema = v.pipe(
  v.object({ new_password: passwordChangePayloadSchema.entries.new_password, confirm: v.string() }),
  v.forward(
    v.check((x) => x.new_password === x.confirm, T.mismatch),
    ['confirm'],
  ),
);

function SetPasswordPage() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { new_password: '', confirm: '' },
    validators: { onSubmit: formSchema },
    onSubmit: async ({ value }) => {
      const change = pendingPasswordChange();
      if (!change) return;
      const response = await api.post('auth/password', {
        json: { current_password: change.currentPassword, new_password: value.new_password },
        headers: { Authorization: `Bearer ${change.token}` },
      });
      const body = v.safeParse(envelopeSchema(sessionSchema), await response.json().catch(() => null));
      if (!response.ok || !body.success || !body.output.success) {
        const message = body.success ? body.output.errorMessage : null;
        notifyError(message ?? HTTP_ERRORS.unknown);
        return;
      }
      forgetPasswordChange();
      // Next, perhaps, the second factor a role requires (src/lib/sign-in-flow.ts).
      await continueSignIn(body.output.data, {
        currentPassword: value.new_password,
        redirect: change.redirect,
        router,
        queryClient,
      });
    },
  });

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {T.heading}
          </Title>
          <Text c="dimmed">{T.intro}</Text>
        </Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <Stack gap="md">
            {(['new_password', 'confirm'] as const).map((name) => (
              <form.Field key={name} name={name}>
                {(field) => (
                  <PasswordInput
                    label={name === 'confirm' ? T.confirm : T.newPassword}
                    autoComplete="new-password"
                    name={name}
                    value={field.state.value}
                    onChange={(event) => field.handleChange(event.currentTarget.value)}
                    onBlur={field.handleBlur}
                    error={fieldError(field.state.meta.errors)}
                  />
                )}
              </form.Field>
            ))}
            <Button type="submit" fullWidth mt="sm">
              {T.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

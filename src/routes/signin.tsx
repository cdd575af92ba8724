import { type LoginPayload, loginPayloadSchema } from '@contract/auth';
import {
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { type ChangeEvent, lazy, Suspense, useState } from 'react';
import { UI_AUTH } from '@/features/auth/copy';
import { browser, ssoSettingsQuery, startSso, takeSsoError } from '@/features/auth/sso';
import { signIn } from '@/lib/api';
import { HTTP_ERRORS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { fieldError } from '@/lib/field-error';
import { notifyError } from '@/lib/notify';
import { getValidSession, InvalidTokenError } from '@/lib/session';
import { continueSignIn } from '@/lib/sign-in-flow';

export const Route = createFileRoute('/signin')({
  // Lenient: a missing or malformed `redirect` is simply absent (bad values never crash).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' && search.redirect !== '' ? { redirect: search.redirect } : {},
  beforeLoad: () => {
    // Spec §2: a stored session skips sign-in.
    if (getValidSession()) throw redirect({ to: '/', replace: true });
  },
  component: SignInPage,
});

/**
 * The second factor's step (decision 029) comes after the password, for some users only: its code
 * (the verify call, the enrolment's messages) is fetched while the password is checked, not with
 * the page, whose first paint waits for every byte it loads (decision 050).
 */
const loadCodeStep = () => import('@/features/account/sign-in-code-step');
const SignInCodeStep = lazy(() => loadCodeStep().then(({ SignInCodeStep }) => ({ default: SignInCodeStep })));

/** What a sign-in input takes from its form field: its name, value, change and blur, and first error. */
interface SignInField {
  name: string;
  state: { value: string; meta: { errors: ReadonlyArray<unknown> } };
  handleChange: (value: string) => void;
  handleBlur: () => void;
}

function inputProps(field: SignInField) {
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.handleChange(event.currentTarget.value),
    onBlur: field.handleBlur,
    error: fieldError(field.state.meta.errors),
  };
}

function failureMessage(error: unknown): string {
  // Spec §8: a failed sign-in toasts the server's message (also for statuses the general catalogue
  // hides, such as the rate limit's 429).
  if (isApiError(error)) return error.serverMessage ?? error.message;
  if (error instanceof InvalidTokenError) return error.message;
  return HTTP_ERRORS.unknown;
}

function SignInPage() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { redirect: target } = Route.useSearch();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [codeStep, setCodeStep] = useState<{ token: string; password: string } | null>(null);
  // A single sign-on the callback could not finish (decision 032), shown once.
  const [ssoError] = useState(takeSsoError);

  const form = useForm({
    defaultValues: { username: '', password: '' } satisfies LoginPayload,
    validators: { onSubmit: loginPayloadSchema },
    onSubmit: async ({ value }) => {
      try {
        // A failed fetch is the lazy component's to report, when it is rendered.
        const codeStepLoaded = loadCodeStep().catch(() => undefined);
        const session = await signIn(value);
        if (session.second_factor_required) {
          // The password was right; the code comes next, on this page (decision 029).
          await codeStepLoaded;
          setCodeStep({ token: session.access_token, password: value.password });
          return;
        }
        // A one-time password, or a second factor to enrol first (src/lib/sign-in-flow.ts).
        await continueSignIn(session, {
          currentPassword: value.password,
          redirect: target,
          router,
          queryClient,
        });
      } catch (error) {
        notifyError(failureMessage(error));
      }
    },
  });

  if (codeStep)
    return (
      // Its code has arrived by now (the submit waits for it); the fallback is for that instant.
      <Suspense fallback={null}>
        <SignInCodeStep
          step={codeStep}
          onBack={() => setCodeStep(null)}
          onSession={(session) =>
            continueSignIn(session, {
              currentPassword: codeStep.password,
              redirect: target,
              router,
              queryClient,
            })
          }
        />
      </Suspense>
    );

  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-default-hover)">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {UI_AUTH.signin.heading}
          </Title>
          <Text c="dimmed">{UI_AUTH.signin.subtitle}</Text>
        </Stack>
        {ssoError && (
          <Alert color="red" title={UI_AUTH.sso.failedTitle} mb="md" role="alert">
            {ssoError}
          </Alert>
        )}
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <Stack gap="md">
            <form.Field name="username">
              {(field) => (
                <TextInput
                  label={UI_AUTH.signin.email}
                  type="email"
                  autoComplete="username"
                  {...inputProps(field)}
                />
              )}
            </form.Field>
            <form.Field name="password">
              {(field) => (
                <PasswordInput
                  label={UI_AUTH.signin.password}
                  autoComplete="current-password"
                  {...inputProps(field)}
                  visible={passwordVisible}
                  onVisibilityChange={setPasswordVisible}
                  visibilityToggleButtonProps={{
                    'aria-label': passwordVisible ? 'Hide password' : 'Show password',
                  }}
                />
              )}
            </form.Field>
            <form.Subscribe selector={(state) => state.isSubmitting}>
              {(submitting) => (
                <Button type="submit" fullWidth mt="sm" disabled={submitting}>
                  {submitting ? UI_AUTH.signin.submitting : UI_AUTH.signin.submit}
                </Button>
              )}
            </form.Subscribe>
          </Stack>
        </Box>
        <SingleSignOn redirect={target} />
      </Paper>
    </Center>
  );
}

/** "Sign in with …" when the server has an identity provider configured (decision 032). */
function SingleSignOn({ redirect: target }: { redirect: string | undefined }) {
  const { data: settings } = useQuery(ssoSettingsQuery());
  const [leaving, setLeaving] = useState(false);
  if (!settings?.enabled) return null;
  return (
    <>
      <Divider label={UI_AUTH.sso.or} labelPosition="center" my="md" />
      <Button
        variant="default"
        fullWidth
        disabled={leaving}
        onClick={async () => {
          setLeaving(true);
          browser.leave(await startSso(settings, target));
        }}
      >
        {leaving ? UI_AUTH.sso.leaving : UI_AUTH.sso.button(settings.label)}
      </Button>
    </>
  );
}

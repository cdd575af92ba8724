import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { UI_ACCOUNT } from '@/features/account/copy';
import { SecondFactorEnrolmentFlow } from '@/features/account/second-factor-enrolment';
import {
  continueSignIn,
  forgetSecondFactorEnrolment,
  pendingSecondFactorEnrolment,
} from '@/lib/sign-in-flow';

const T = UI_ACCOUNT.enrolment;

/**
 * A role requires a second factor the person has not enrolled (decision 029): the sign-in's step
 * token, kept in memory only, is good for enrolling; confirming it answers the session.
 */
export const Route = createFileRoute('/second-factor-setup')({
  beforeLoad: () => {
    if (!pendingSecondFactorEnrolment()) throw redirect({ to: '/signin', replace: true });
  },
  component: SecondFactorSetupPage,
});

function SecondFactorSetupPage() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const pending = pendingSecondFactorEnrolment();
  if (!pending) return null;
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {T.heading}
          </Title>
          <Text c="dimmed">{T.intro}</Text>
        </Stack>
        <SecondFactorEnrolmentFlow
          token={pending.token}
          onDone={async ({ session }) => {
            forgetSecondFactorEnrolment();
            if (!session) {
              await router.navigate({ to: '/signin', replace: true });
              return;
            }
            await continueSignIn(session, {
              currentPassword: '',
              redirect: pending.redirect,
              router,
              queryClient,
            });
          }}
        />
      </Paper>
    </Center>
  );
}

import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { UI_AUTH } from '@/features/auth/copy';
import { type CallbackParams, finishSso, rememberSsoError } from '@/features/auth/sso';
import { HTTP_ERRORS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { continueSignIn } from '@/lib/sign-in-flow';

/** Only the provider's parameters, as text; anything else is left out (bad values never crash). */
function callbackParams(search: Record<string, unknown>): CallbackParams {
  const params: CallbackParams = {};
  for (const key of ['code', 'state', 'error', 'error_description'] as const) {
    const value = search[key];
    if (typeof value === 'string' && value !== '') params[key] = value;
  }
  return params;
}

export const Route = createFileRoute('/sso-callback')({
  validateSearch: callbackParams,
  component: SsoCallbackPage,
});

/**
 * One redemption per code: React runs a mount's effect twice in development, and the flow's
 * secrets can be taken only once.
 */
const redemptions = new Map<string, ReturnType<typeof finishSso>>();

function redeem(params: CallbackParams) {
  const key = `${params.state ?? ''}:${params.code ?? ''}:${params.error ?? ''}`;
  let pending = redemptions.get(key);
  if (!pending) {
    pending = finishSso(params);
    redemptions.set(key, pending);
    const forget = () => redemptions.delete(key);
    pending.then(forget, forget);
  }
  return pending;
}

/** Where the identity provider sends the browser back (decision 032). */
function SsoCallbackPage() {
  const { code, state, error, error_description } = Route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => {
    let current = true;
    const params = callbackParams({ code, state, error, error_description });
    redeem(params).then(
      ({ session, redirect }) => {
        if (current) return continueSignIn(session, { currentPassword: '', redirect, router, queryClient });
      },
      (failure: unknown) => {
        if (!current) return;
        const message = isApiError(failure)
          ? (failure.serverMessage ?? failure.message)
          : failure instanceof Error
            ? failure.message
            : HTTP_ERRORS.unknown;
        rememberSsoError(message);
        return router.navigate({ to: '/signin', replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [code, state, error, error_description, router, queryClient]);

  return (
    <Center component="main" mih="100vh" p="md" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader aria-label={UI_AUTH.sso.completing} />
        <Text c="dimmed">{UI_AUTH.sso.completing}</Text>
      </Stack>
    </Center>
  );
}

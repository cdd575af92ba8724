import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { UI_AUTH } from '@/features/auth/copy';
import { signOutOnServer } from '@/lib/api';
import { clearAllStorage } from '@/lib/session';

export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    let cancelled = false;
    // Ours: the server refuses the token from now on; then spec §2: all local storage goes, and the
    // cache too, so the next user sees none of this one's data.
    void signOutOnServer().then(() => {
      if (cancelled) return;
      clearAllStorage();
      queryClient.clear();
      void router.navigate({ to: '/signin', replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient, router]);

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} size="h3">
          {UI_AUTH.logout.title}
        </Title>
        <Text c="dimmed">{UI_AUTH.logout.body}</Text>
      </Stack>
    </Center>
  );
}

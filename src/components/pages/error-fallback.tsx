import { Button, Code, Group, Stack, Title } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { UI_KIT } from '@/components/copy';
import { UI_PAGES } from './copy';

/** The router's fallback for errors no route handles (spec §2: 'Unexpected Application Error!'). */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Stack component="section" role="alert" gap="sm" p="md" maw={720}>
      <Title order={1}>{UI_PAGES.unexpectedError}</Title>
      {message ? <Code block>{message}</Code> : null}
      <Group mt="sm">
        <Button
          onClick={() => {
            // Re-runs the failed loaders as well as re-rendering the boundary.
            void router.invalidate();
            reset();
          }}
        >
          {UI_KIT.list.retry}
        </Button>
        <Button renderRoot={(props) => <Link to="/" {...props} />} variant="default">
          {UI_PAGES.notFound.home}
        </Button>
      </Group>
    </Stack>
  );
}

import { UI } from '@contract/messages';
import { Button, Code, Group, Stack, Title } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';

/** The router's fallback for errors no route handles (spec §2: 'Unexpected Application Error!'). */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Stack component="section" role="alert" gap="sm" p="md" maw={720}>
      <Title order={1}>{UI.unexpectedError}</Title>
      {message ? <Code block>{message}</Code> : null}
      <Group mt="sm">
        <Button
          onClick={() => {
            // Re-runs the failed loaders as well as re-rendering the boundary.
            void router.invalidate();
            reset();
          }}
        >
          {UI.list.retry}
        </Button>
        <Button renderRoot={(props) => <Link to="/" {...props} />} variant="default">
          {UI.notFound.home}
        </Button>
      </Group>
    </Stack>
  );
}

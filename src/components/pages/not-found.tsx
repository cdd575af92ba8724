import { UI } from '@contract/messages';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Spec §2: any unknown path. Public, so it renders without the console layout. */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Text c="blue" fw={700} size="xl">
          404
        </Text>
        <Title order={1}>{UI.notFound.title}</Title>
        <Text c="dimmed" ta="center">
          {UI.notFound.body}
        </Text>
        <Button renderRoot={(props) => <Link to="/" {...props} />} mt="md">
          {UI.notFound.home}
        </Button>
      </Stack>
    </Center>
  );
}

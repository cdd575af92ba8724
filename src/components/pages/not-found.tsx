import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { UI_PAGES } from './copy';

/** Spec §2: any unknown path. Public, so it renders without the console layout. */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Text c="blue" fw={700} size="xl">
          404
        </Text>
        <Title order={1}>{UI_PAGES.notFound.title}</Title>
        <Text c="dimmed" ta="center">
          {UI_PAGES.notFound.body}
        </Text>
        <Button renderRoot={(props) => <Link to="/" {...props} />} mt="md">
          {UI_PAGES.notFound.home}
        </Button>
      </Stack>
    </Center>
  );
}

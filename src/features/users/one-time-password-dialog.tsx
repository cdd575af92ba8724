import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { UI_USERS } from './copy';

export interface OneTimePassword {
  name: string;
  password: string;
}

/** Shows a new person's (or a reset's) one-time password, once: the server keeps no copy to show again. */
export function OneTimePasswordDialog({
  shown,
  onClose,
}: {
  shown: OneTimePassword | null;
  onClose: () => void;
}) {
  const T = UI_USERS.password;
  return (
    <Modal opened={shown !== null} onClose={onClose} title={T.title} centered>
      <Stack>
        <Text size="sm">{T.intro(shown?.name ?? '')}</Text>
        <Code block data-testid="one-time-password" fz="lg">
          {shown?.password}
        </Code>
        <Group justify="flex-end">
          <Button onClick={onClose}>{T.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { UI_API_CLIENTS } from './copy';

export interface ShownApiKey {
  name: string;
  apiKey: string;
}

/** A new client's key, once: the server keeps only a hash of its secret. */
export function ApiKeyDialog({ shown, onClose }: { shown: ShownApiKey | null; onClose: () => void }) {
  const T = UI_API_CLIENTS.key;
  return (
    <Modal opened={shown !== null} onClose={onClose} title={T.title} centered>
      <Stack>
        <Text size="sm">{T.intro(shown?.name ?? '')}</Text>
        <Code block data-testid="api-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {shown?.apiKey}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={shown?.apiKey ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? T.copied : T.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{T.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ApiError } from '@/lib/errors';

/** What went wrong, in the server's words when it said something. */
function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A books dialog (reverse a journal, close or reopen a month): its fields, then a submit that shows
 * any refusal inside the dialog, where the fields are, instead of closing it. `onSubmit` throws to
 * refuse (a check of its own, or the server's answer).
 */
export function SubmitModal({
  title,
  submitLabel,
  opened = true,
  size,
  disabled = false,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  opened?: boolean;
  size?: string;
  disabled?: boolean;
  pending: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    try {
      await onSubmit();
      setProblem(null);
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <Stack gap="sm">
        {children}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={disabled} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

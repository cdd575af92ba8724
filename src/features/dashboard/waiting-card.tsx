import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { LinkComponentProps } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useId } from 'react';
import { UI_KIT } from '@/components/copy';
import type { WaitingCount } from '@/queries/waiting-counts';

export interface WaitingCardProps {
  title: string;
  hint: string;
  waiting: WaitingCount;
  /** The screen the count comes from (PendingPayoutsLink, AwaitingVerificationLink). */
  link: ComponentType<Omit<LinkComponentProps<'a'>, 'to' | 'search'>>;
  linkLabel: string;
  /** Beside the count: the amounts waiting, when the user may see them. */
  children?: ReactNode;
}

/** A count of things waiting for staff, and the way to them. */
export function WaitingCard({
  title,
  hint,
  waiting,
  link: ScreenLink,
  linkLabel,
  children,
}: WaitingCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs" h="100%">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {waiting.status === 'pending' ? (
          <Skeleton height={32} width={80} aria-label={title} aria-busy />
        ) : waiting.status === 'error' ? (
          <Group gap="sm" role="alert">
            <Text size="sm">{UI_KIT.list.failed}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void waiting.refetch()}>
              {UI_KIT.list.retry}
            </Button>
          </Group>
        ) : (
          <Text fz={32} fw={700} lh={1.1} data-testid="waiting-count">
            {waiting.count}
          </Text>
        )}
        {children}
        <Group mt="auto">
          <Button variant="light" size="compact-sm" renderRoot={(props) => <ScreenLink {...props} />}>
            {linkLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

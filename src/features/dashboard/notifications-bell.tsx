import { ActionIcon, Button, Group, Indicator, Loader, NavLink, Popover, Stack, Text } from '@mantine/core';
import type { LinkComponentProps } from '@tanstack/react-router';
import { type ComponentType, useState } from 'react';
import { UI_KIT } from '@/components/copy';
import { useWaitingCounts, type WaitingCount } from '@/queries/waiting-counts';
import { UI_DASHBOARD } from './copy';
import { ApprovalsWaitingLink, AwaitingVerificationLink, PendingPayoutsLink } from './waiting-links';

type ScreenLink = ComponentType<Omit<LinkComponentProps<'a'>, 'to' | 'search'>>;

/** Past this the badge reads `99+`, so it stays a badge; the button's name carries the count. */
export const BADGE_MAX = 99;

/** The badge's text: the total, or `99+` beyond BADGE_MAX. */
export function badgeLabel(total: number): string {
  return total > BADGE_MAX ? `${BADGE_MAX}+` : String(total);
}

function WaitingItem({
  label,
  waiting,
  link: Target,
  onNavigate,
}: {
  label: string;
  waiting: WaitingCount;
  link: ScreenLink;
  onNavigate: () => void;
}) {
  if (waiting.status === 'error') {
    return (
      <Group justify="space-between" gap="xs" px="sm" py={6} role="alert">
        <Text size="sm">{label}</Text>
        <Button size="compact-xs" variant="light" onClick={() => void waiting.refetch()}>
          {UI_KIT.list.retry}
        </Button>
      </Group>
    );
  }
  return (
    <NavLink
      label={label}
      onClick={onNavigate}
      rightSection={
        waiting.count === undefined ? (
          <Loader size="xs" aria-label={label} />
        ) : (
          <Text size="sm" fw={700}>
            {waiting.count}
          </Text>
        )
      }
      renderRoot={(props) => <Target {...props} />}
    />
  );
}

/**
 * The header's bell (a placeholder in spec §1): what waits for staff, the Dashboard's two waiting
 * counts, each only with the permission of the screen it opens. The bell asks for them itself
 * (one call, whatever screen is open), so its badge shows the same total on every screen.
 */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const { pendingPayouts, awaitingVerification, approvalsWaiting } = useWaitingCounts();
  const shown = [pendingPayouts, awaitingVerification, approvalsWaiting].filter((w) => w.allowed);
  const total = shown.reduce((sum, w) => sum + (w.count ?? 0), 0);
  const close = () => setOpened(false);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={total > 0 ? UI_DASHBOARD.notificationsWaiting(total) : UI_DASHBOARD.notifications}
          // A controlled Popover leaves toggling to its target.
          onClick={() => setOpened((o) => !o)}
          // The badge sits over the button's corner: ActionIcon's own overflow: hidden cut it off.
          style={{ overflow: 'visible' }}
        >
          {/* The count is in the button's name; the badge is what sighted staff see. */}
          <Indicator label={badgeLabel(total)} size={18} disabled={total === 0} offset={3} color="red">
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.73 21a2 2 0 0 1-3.46 0" />
            </svg>
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {UI_DASHBOARD.noNotifications}
          </Text>
        ) : (
          <Stack gap={0}>
            {pendingPayouts.allowed ? (
              <WaitingItem
                label={UI_DASHBOARD.pendingPayouts}
                waiting={pendingPayouts}
                link={PendingPayoutsLink}
                onNavigate={close}
              />
            ) : null}
            {awaitingVerification.allowed ? (
              <WaitingItem
                label={UI_DASHBOARD.awaitingVerification}
                waiting={awaitingVerification}
                link={AwaitingVerificationLink}
                onNavigate={close}
              />
            ) : null}
            {approvalsWaiting.allowed ? (
              <WaitingItem
                label={UI_DASHBOARD.approvalsWaiting}
                waiting={approvalsWaiting}
                link={ApprovalsWaitingLink}
                onNavigate={close}
              />
            ) : null}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

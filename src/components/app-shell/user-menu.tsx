import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '@/lib/session';

/** Spec §1: the signed-in user's name and e-mail from the token's claims, and Logout. */
export function UserMenu() {
  const claims = useSession()?.claims;
  const navigate = useNavigate();
  if (!claims) return null;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          // WCAG 2.5.3: the accessible name contains the visible text (the name), then says what it opens.
          aria-label={`${claims.name}, user menu`}
          p={4}
          style={{ borderRadius: 8 }}
        >
          <Group gap="xs" wrap="nowrap">
            {/* No initials here: visible text must be part of the button's name (WCAG 2.5.3). */}
            <Avatar radius="xl" color="blue" size="md" aria-hidden />
            <Text size="sm" fw={600} visibleFrom="sm">
              {claims.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {claims.name}
          </Text>
          <Text size="xs" c="dimmed">
            {claims.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => navigate({ to: '/logout' })}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '@/lib/session';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Spec §1: the signed-in user's name and e-mail from the token's claims, and Logout. */
export function UserMenu() {
  const claims = useSession()?.claims;
  const navigate = useNavigate();
  if (!claims) return null;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`User menu: ${claims.name}`} p={4} style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" color="blue" size="md" aria-hidden>
              {initials(claims.name)}
            </Avatar>
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

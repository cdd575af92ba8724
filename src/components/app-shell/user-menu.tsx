import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { LazyBody, lazyPart, preload } from '@/components/lazy-part';
import { useSession } from '@/lib/session';
import { UI_SHELL } from './copy';

/**
 * The theme choice (a SegmentedControl) comes with the menu's first opening (decision 080); a
 * pointer over the menu's button or focus on it starts the load.
 */
const colorSchemeItems = lazyPart(() => import('./color-scheme-items'));
const preloadColorSchemeItems = () => preload(colorSchemeItems);

/** Spec §1: the signed-in user's name and e-mail from the token's claims, and Logout. */
export function UserMenu() {
  const claims = useSession()?.claims;
  const navigate = useNavigate();
  if (!claims) return null;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          p={4}
          style={{ borderRadius: 8 }}
          onPointerEnter={preloadColorSchemeItems}
          onFocus={preloadColorSchemeItems}
        >
          <Group gap="xs" wrap="nowrap">
            {/* Named by its visible text plus a hidden 'User menu' (WCAG 2.5.3: no label that hides
                what is shown), so no initials in the avatar either. */}
            <Avatar radius="xl" color="blue" size="md" aria-hidden />
            {/* Spec §1: the header shows the signed-in user's name and e-mail. */}
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={600} lh={1.2}>
                {claims.name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {claims.email}
              </Text>
            </Stack>
            <VisuallyHidden>{UI_SHELL.userMenu}</VisuallyHidden>
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
        <Menu.Item onClick={() => navigate({ to: '/account' })}>{UI_SHELL.account}</Menu.Item>
        <Menu.Divider />
        <LazyBody part={colorSchemeItems} focusOnArrival={false}>
          {({ ColorSchemeItems }) => <ColorSchemeItems />}
        </LazyBody>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => navigate({ to: '/logout' })}>
          {UI_SHELL.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

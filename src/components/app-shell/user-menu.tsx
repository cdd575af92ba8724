import { Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { LazyBody, lazyPart, preload } from '@/components/lazy-part';
import { useSession } from '@/lib/session';
import { UI_SHELL } from './copy';
import classes from './user-menu.module.css';

/**
 * The theme choice (a SegmentedControl) comes with the menu's first opening (decision 080); a
 * pointer over the menu's button or focus on it starts the load.
 */
const colorSchemeItems = lazyPart(() => import('./color-scheme-items'));
const preloadColorSchemeItems = () => preload(colorSchemeItems);

/**
 * The round person badge before the name: Mantine's empty Avatar as it looks, drawn without it, so
 * the console's pages load without Mantine's Avatar (decision 080). Decorative: the button is named
 * by the name, the e-mail and a hidden 'User menu'.
 */
function PersonBadge() {
  return (
    <span className={classes.avatar} aria-hidden>
      <svg aria-hidden="true" viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg">
        <path
          d="M0.877014 7.49988C0.877014 3.84219 3.84216 0.877045 7.49985 0.877045C11.1575 0.877045 14.1227 3.84219 14.1227 7.49988C14.1227 11.1575 11.1575 14.1227 7.49985 14.1227C3.84216 14.1227 0.877014 11.1575 0.877014 7.49988ZM7.49985 1.82704C4.36683 1.82704 1.82701 4.36686 1.82701 7.49988C1.82701 8.97196 2.38774 10.3131 3.30727 11.3213C4.19074 9.94119 5.73818 9.02499 7.50023 9.02499C9.26206 9.02499 10.8093 9.94097 11.6929 11.3208C12.6121 10.3127 13.1727 8.97172 13.1727 7.49988C13.1727 4.36686 10.6328 1.82704 7.49985 1.82704ZM10.9818 11.9787C10.2839 10.7795 8.9857 9.97499 7.50023 9.97499C6.01458 9.97499 4.71624 10.7797 4.01845 11.9791C4.97952 12.7272 6.18765 13.1727 7.49985 13.1727C8.81227 13.1727 10.0206 12.727 10.9818 11.9787ZM5.14999 6.50487C5.14999 5.207 6.20212 4.15487 7.49999 4.15487C8.79786 4.15487 9.84999 5.207 9.84999 6.50487C9.84999 7.80274 8.79786 8.85487 7.49999 8.85487C6.20212 8.85487 5.14999 7.80274 5.14999 6.50487ZM7.49999 5.10487C6.72679 5.10487 6.09999 5.73167 6.09999 6.50487C6.09999 7.27807 6.72679 7.90487 7.49999 7.90487C8.27319 7.90487 8.89999 7.27807 8.89999 6.50487C8.89999 5.73167 8.27319 5.10487 7.49999 5.10487Z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </svg>
    </span>
  );
}

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
            <PersonBadge />
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

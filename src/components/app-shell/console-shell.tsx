// The styles of every Mantine component the signed-in console uses beyond the first paint's.
import '@/styles/console.css';
import { STORAGE_KEYS } from '@contract/auth';
import { AppShell, Box, Burger, Group, Text, useMantineTheme } from '@mantine/core';
import {
  useClickOutside,
  useDisclosure,
  useLocalStorage,
  useMediaQuery,
  useWindowEvent,
} from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { CONTENT_MAX_WIDTH, HEADER_HEIGHT, SIDEBAR_WIDTH } from '@/theme';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/** Below this the sidebar is an overlay opened by the burger. */
const NAVBAR_BREAKPOINT = 'md';

/**
 * The shared layout of spec §2: a 240px sidebar and a sticky header around the page. On small
 * screens the sidebar is an overlay behind a burger that closes on Escape, an outside click or a
 * navigation; on large screens it can be collapsed, and that choice is remembered (`sidebar-expanded`).
 * `headerActions` (the route layout's notifications bell) sit in the header before the user menu.
 */
export function ConsoleShell({
  children,
  headerActions,
}: {
  children: ReactNode;
  headerActions?: ReactNode;
}) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [expanded, setExpanded] = useLocalStorage<boolean>({
    key: STORAGE_KEYS.sidebarExpanded,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') mobile.close();
  });
  // A click anywhere but the sidebar and its burger closes the small-screen sidebar.
  const [navbar, setNavbar] = useState<HTMLElement | null>(null);
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);
  useClickOutside(() => mobileOpened && mobile.close(), null, [navbar, burger]);
  // A collapsed sidebar is only moved off screen; `inert` keeps its links out of the tab order too.
  const theme = useMantineTheme();
  const largeScreen = useMediaQuery(`(min-width: ${theme.breakpoints[NAVBAR_BREAKPOINT]})`, true, {
    getInitialValueInEffect: false,
  });
  const sidebarHidden = largeScreen ? !expanded : !mobileOpened;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: !expanded },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={setBurger}
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom={NAVBAR_BREAKPOINT}
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={mobileOpened}
            />
            <Burger
              opened={expanded}
              onClick={() => setExpanded((value) => !value)}
              visibleFrom={NAVBAR_BREAKPOINT}
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={expanded}
            />
            <Text fw={700} size="lg">
              Back Office
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerActions}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        ref={setNavbar}
        aria-label="Main"
        inert={sidebarHidden}
        // Mantine widens the open small-screen navbar to 100%; spec §2 keeps it 240px.
        maw={SIDEBAR_WIDTH}
      >
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      {mobileOpened ? (
        // Dims the page behind the small-screen sidebar; a click on it closes the sidebar (above).
        <Box
          hiddenFrom={NAVBAR_BREAKPOINT}
          aria-hidden
          pos="fixed"
          inset={0}
          style={{ zIndex: 99, background: 'rgba(0, 0, 0, 0.35)' }}
        />
      ) : null}
      <AppShell.Main>
        <Box maw={CONTENT_MAX_WIDTH} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

import { hasPermission, SIDEBAR_ITEMS } from '@contract/permissions';
import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSession } from '@/lib/session';
import { isSidebarLinkActive } from './active-link';

/** The main navigation's links (inside the shell's `nav`): only the links the user holds permission for (spec §2, §6). */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = useSession()?.permissions;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = SIDEBAR_ITEMS.filter((item) => hasPermission(permissions, item.permission));

  return (
    <ScrollArea h="100%" type="scroll">
      <Stack gap={4} p="sm">
        {items.map((item) => {
          const active = isSidebarLinkActive(pathname, item.to);
          return (
            <NavLink
              key={item.to}
              label={item.label}
              active={active}
              onClick={onNavigate}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to={item.to}
                  // Exact matching here; detail pages are covered by `active` above.
                  activeOptions={{ exact: true, includeSearch: false }}
                  aria-current={active ? 'page' : undefined}
                />
              )}
            />
          );
        })}
      </Stack>
    </ScrollArea>
  );
}

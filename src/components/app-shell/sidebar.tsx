import { hasPermission, SIDEBAR_ITEMS } from '@contract/permissions';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { useSession } from '@/lib/session';
import { isSidebarLinkActive } from './active-link';
import { groupSidebarItems, type SidebarGroup } from './sidebar-groups';

/**
 * The main navigation's links (inside the shell's `nav`): only the links the user holds permission
 * for (spec §2, §6), in labelled sections (ours, issue 24: Money, Catalogue, Books, Staff).
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = useSession()?.permissions;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const groups = groupSidebarItems(
    SIDEBAR_ITEMS.filter((item) => hasPermission(permissions, item.permission)),
  );

  return (
    <ScrollArea h="100%" type="scroll">
      <Stack gap="sm" p="sm">
        {groups.map((group) => (
          <SidebarSection
            key={group.label ?? group.items[0]?.to}
            group={group}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ))}
      </Stack>
    </ScrollArea>
  );
}

function SidebarSection({
  group,
  pathname,
  onNavigate,
}: {
  group: SidebarGroup;
  pathname: string;
  onNavigate: (() => void) | undefined;
}) {
  const headingId = useId();
  return (
    // A named group: screen readers announce "Money, group" on entering its links.
    <Stack
      gap={4}
      role={group.label ? 'group' : undefined}
      aria-labelledby={group.label ? headingId : undefined}
    >
      {group.label ? (
        <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4}>
          {group.label}
        </Text>
      ) : null}
      {group.items.map((item) => {
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
  );
}

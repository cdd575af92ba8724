import type { SidebarItem } from '@contract/permissions';

/** A labelled section of the sidebar (ours, issue 24): 18 links read better in a few groups. */
export interface SidebarGroup {
  /** The section's heading; null for the first group (Dashboard), which needs none. */
  readonly label: string | null;
  readonly items: readonly SidebarItem[];
}

/**
 * The sections, each listing its screens' paths. Taken in this order the paths are exactly spec §1's
 * order of SIDEBAR_ITEMS, so grouping moves no link: it only adds headings between them.
 */
export const SIDEBAR_SECTIONS: readonly { label: string | null; paths: readonly string[] }[] = [
  { label: null, paths: ['/'] },
  { label: 'Money', paths: ['/merchants', '/transactions', '/payouts', '/disputes'] },
  { label: 'Catalogue', paths: ['/payment-methods', '/gateway-accounts', '/currency'] },
  { label: 'Books', paths: ['/gl-accounts', '/account-mappings', '/journal_entry', '/reports'] },
  {
    label: 'Staff',
    paths: ['/users', '/roles', '/api-clients', '/approvals', '/approval-rules', '/audit-log'],
  },
];

/**
 * The permitted items in their sections, empty sections left out. An item no section names (a
 * screen added later) goes into a last, unlabelled group rather than disappearing.
 */
export function groupSidebarItems(items: readonly SidebarItem[]): SidebarGroup[] {
  const placed = new Set<string>();
  const groups: SidebarGroup[] = SIDEBAR_SECTIONS.map(({ label, paths }) => {
    const inGroup = items.filter((item) => paths.includes(item.to));
    for (const item of inGroup) placed.add(item.to);
    return { label, items: inGroup };
  });
  groups.push({ label: null, items: items.filter((item) => !placed.has(item.to)) });
  return groups.filter((group) => group.items.length > 0);
}

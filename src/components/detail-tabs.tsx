import { Tabs, type TabsProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailTabsProps<TTab extends string> {
  /** The tabs shown, in order. */
  tabs: readonly TTab[];
  labels: Readonly<Record<TTab, string>>;
  /** The open tab (the route's `?tab`). */
  value: TTab;
  /** A tab was chosen: the route writes it into the URL. */
  onChange: (tab: TTab) => void;
  orientation?: TabsProps['orientation'];
  /** The frame of the panels, each a `Tabs.Panel` of one of `tabs`. */
  children: ReactNode;
}

/**
 * A detail screen's tabs (merchant, payment method): the tab list from `tabs` and `labels`, the
 * open one from the URL, and only the open panel mounted, so its query runs when it is shown.
 */
export function DetailTabs<TTab extends string>({
  tabs,
  labels,
  value,
  onChange,
  orientation,
  children,
}: DetailTabsProps<TTab>) {
  return (
    <Tabs
      orientation={orientation}
      value={value}
      keepMounted={false}
      onChange={(next) => {
        const chosen = tabs.find((t) => t === next);
        if (chosen) onChange(chosen);
      }}
    >
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t} value={t}>
            {labels[t]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {children}
    </Tabs>
  );
}

import { hasPermission, SIDEBAR_ITEMS } from '@contract/permissions';
import { Group, Loader, Text } from '@mantine/core';
import '@mantine/spotlight/styles.layer.css';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useSession } from '@/lib/session';
import { UI_PALETTE } from './copy';
import { PALETTE_MIN_TERM, usePaletteSearch } from './palette-search';
import { usePaletteTerm } from './palette-term';

const T = UI_PALETTE;
/**
 * Keys closer together than this are one burst, searched once it pauses (palette-term.ts); the
 * first key after a pause searches at once, so the time from a last key to its results (the
 * browser bench's 'palette search' row, 150 ms p95) has no wait in it.
 */
const BURST_MS = 100;

/** Opens the palette once its dialog is mounted or about to be (command-palette.tsx). */
export const openSpotlight = spotlight.open;

/**
 * The command palette's dialog (issue 24, decision 046): Mantine's spotlight, a modal dialog, opened
 * by Ctrl+K or Cmd+K and the header's button (command-palette.tsx, which loads this on first use). It lists the screens the person may open (the sidebar's, by the same permissions) and,
 * from two characters on, finds merchants, transactions and GL accounts on the server. Arrow keys
 * move, Enter opens: a merchant's details, a transaction in the Transactions list with its drawer,
 * a GL account in its list searched by name.
 */
export function PaletteDialog() {
  const navigate = useNavigate();
  const permissions = useSession()?.permissions;
  const [query, setQuery] = useState('');
  const term = usePaletteTerm(query.trim(), BURST_MS);
  const found = usePaletteSearch(term, permissions);
  // Mantine's spotlight store is module-wide: a palette open when the console unmounts (a sign-out,
  // a session that expired) would open again with the next one, over its first screen.
  useEffect(() => spotlight.close, []);

  const needle = query.trim().toLowerCase();
  const screens = [
    ...SIDEBAR_ITEMS.filter((item) => hasPermission(permissions, item.permission)),
    { label: T.account, to: '/account' },
  ].filter((item) => item.label.toLowerCase().includes(needle));

  const merchants = found.merchants.data?.contents ?? [];
  const transactions = found.transactions.data?.contents ?? [];
  const glAccounts = found.glAccounts.data?.contents ?? [];
  const pending = query.trim().length >= PALETTE_MIN_TERM && query.trim() !== term;
  // Each kind is busy while its own search runs, so a merchant found at once is not held back by a
  // slower transactions search (the browser bench times the merchants' group).
  const busy = {
    merchants: pending || found.merchants.isFetching,
    transactions: pending || found.transactions.isFetching,
    glAccounts: pending || found.glAccounts.isFetching,
  };
  const searching =
    query.trim().length >= PALETTE_MIN_TERM && (busy.merchants || busy.transactions || busy.glAccounts);
  const failed = [found.merchants, found.transactions, found.glAccounts].some((q) => q.isError);
  const nothing = screens.length + merchants.length + transactions.length + glAccounts.length === 0;

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      // The key is command-palette.tsx's, which listens before this module has arrived.
      shortcut={null}
      scrollable
      maxHeight={440}
    >
      <Spotlight.Search aria-label={T.search} placeholder={T.placeholder} />
      {/* Busy while a search runs: screen readers wait, and the browser bench times the answer. */}
      <Spotlight.ActionsList aria-label={T.search} aria-busy={searching || undefined} data-palette-results>
        <ResultGroup kind="screens" label={T.groups.screens} shown={screens.length > 0}>
          {screens.map((item) => (
            <Spotlight.Action
              key={item.to}
              label={item.label}
              onClick={() => void navigate({ to: item.to })}
            />
          ))}
        </ResultGroup>
        <ResultGroup
          kind="merchants"
          label={T.groups.merchants}
          shown={merchants.length > 0}
          busy={busy.merchants}
        >
          {merchants.map((merchant) => (
            <Spotlight.Action
              key={merchant.id}
              label={merchant.business_detail?.name ?? merchant.merchant_code}
              description={merchant.merchant_code}
              onClick={() => void navigate({ to: '/merchant-details/$id', params: { id: merchant.id } })}
            />
          ))}
        </ResultGroup>
        <ResultGroup
          kind="transactions"
          label={T.groups.transactions}
          shown={transactions.length > 0}
          busy={busy.transactions}
        >
          {transactions.map((transaction) => (
            <Spotlight.Action
              key={transaction.id}
              label={transaction.reference.txn_ref}
              description={`${transaction.amount} ${transaction.transaction_method.currency.name_code}${
                transaction.merchant ? ` · ${transaction.merchant.name}` : ''
              }`}
              onClick={() =>
                void navigate({
                  to: '/transactions',
                  search: { reference: transaction.reference.txn_ref, tx: transaction.id },
                })
              }
            />
          ))}
        </ResultGroup>
        <ResultGroup
          kind="gl-accounts"
          label={T.groups.glAccounts}
          shown={glAccounts.length > 0}
          busy={busy.glAccounts}
        >
          {glAccounts.map((account) => (
            <Spotlight.Action
              key={account.id}
              label={account.name}
              description={account.type}
              onClick={() => void navigate({ to: '/gl-accounts', search: { search: account.name } })}
            />
          ))}
        </ResultGroup>
        {searching ? (
          <Group gap="xs" p="sm" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {T.searching}
            </Text>
          </Group>
        ) : failed ? (
          <Text size="sm" c="red" p="sm" role="status">
            {T.failed}
          </Text>
        ) : nothing ? (
          <Spotlight.Empty>{T.nothingFound}</Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

interface ResultGroupProps {
  kind: string;
  label: string;
  shown: boolean;
  /** Its own search is running: the results shown are the last term's. */
  busy?: boolean;
  children: ReactNode;
}

function ResultGroup({ kind, label, shown, busy = false, children }: ResultGroupProps) {
  return shown ? (
    <Spotlight.ActionsGroup label={label} data-palette-group={kind} aria-busy={busy || undefined}>
      {children}
    </Spotlight.ActionsGroup>
  ) : null;
}

import { pagedSchema } from '@contract/envelope';
import { glAccountSchema } from '@contract/gl-account';
import { merchantSchema } from '@contract/merchant';
import { hasPermission, PERMISSIONS, type PermissionMap } from '@contract/permissions';
import { transactionPageSchema } from '@contract/transaction';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as v from 'valibot';
import { fetchData } from '@/lib/api';

/** How many of each kind the palette shows: enough to pick from, few enough to read. */
export const PALETTE_RESULT_LIMIT = 5;
/** Shorter terms would match most of every list. */
export const PALETTE_MIN_TERM = 2;

const merchantPage = pagedSchema(merchantSchema);
const glAccountPage = pagedSchema(glAccountSchema);

/**
 * The list endpoints' own `search_term` (merchants: name, code, phone, e-mail; transactions:
 * reference, customer name, phone; GL accounts: name), first page only. Errors are not toasted:
 * the palette says the search failed.
 */
function search<S extends v.GenericSchema>(path: string, schema: S, term: string, signal: AbortSignal) {
  return fetchData(path, schema, {
    searchParams: { page: 1, limit: PALETTE_RESULT_LIMIT, search_term: term },
    signal,
    toastErrors: false,
  });
}

/**
 * Keyed by kind and term: a new term is a new query, and React Query aborts the request of the
 * term it replaced (the signal is passed to the fetch), so a slow answer to an old term never
 * lands. A term searched a moment ago answers from the cache.
 */
export const paletteQueries = {
  merchants: (term: string) =>
    queryOptions({
      queryKey: ['palette', 'merchants', term] as const,
      queryFn: ({ signal }) => search('merchants', merchantPage, term, signal),
      staleTime: 30_000,
    }),
  transactions: (term: string) =>
    queryOptions({
      queryKey: ['palette', 'transactions', term] as const,
      queryFn: ({ signal }) => search('transactions', transactionPageSchema, term, signal),
      staleTime: 30_000,
    }),
  glAccounts: (term: string) =>
    queryOptions({
      queryKey: ['palette', 'gl-accounts', term] as const,
      queryFn: ({ signal }) => search('gl-accounts', glAccountPage, term, signal),
      staleTime: 30_000,
    }),
};

/**
 * The three searches for a term (palette-term.ts), each only when the person may open its screen.
 * While the next term's answer is on its way the last term's results stay on screen (the list does
 * not flash empty at every key); a term too short to search shows none.
 */
export function usePaletteSearch(term: string, permissions: PermissionMap | null | undefined) {
  const ready = term.length >= PALETTE_MIN_TERM;
  const previous = <T>(data: T | undefined) => (ready ? data : undefined);
  // Three observers, not useQueries: its observer for a new key starts without the last one's
  // data, so the results would flash empty at every term.
  const merchants = useQuery({
    ...paletteQueries.merchants(term),
    enabled: ready && hasPermission(permissions, PERMISSIONS.viewMerchant),
    placeholderData: previous,
  });
  const transactions = useQuery({
    ...paletteQueries.transactions(term),
    enabled: ready && hasPermission(permissions, PERMISSIONS.viewTransactions),
    placeholderData: previous,
  });
  const glAccounts = useQuery({
    ...paletteQueries.glAccounts(term),
    enabled: ready && hasPermission(permissions, PERMISSIONS.viewGlAccount),
    placeholderData: previous,
  });
  return { merchants, transactions, glAccounts };
}

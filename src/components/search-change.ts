/** What a route's `navigate` takes for a search change (a part of TanStack Router's options). */
type SearchNavigate<TSearch> = (options: {
  search: (old: TSearch) => TSearch;
  replace: true;
}) => Promise<void>;

/**
 * A list's search change (page, limit, search, a filter) merged into the route's URL, replacing the
 * history entry (decision 005): `searchChange<CurrencyListParams>(Route.useNavigate())`.
 */
export function searchChange<TSearch extends object>(navigate: SearchNavigate<TSearch>) {
  return (change: Partial<TSearch>) => navigate({ search: (old) => ({ ...old, ...change }), replace: true });
}

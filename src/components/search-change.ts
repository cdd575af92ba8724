/** What a route's `navigate` takes for a search change (a part of TanStack Router's options). */
type SearchNavigate<TSearch> = (options: {
  search: (old: TSearch) => TSearch;
  replace?: boolean;
}) => Promise<void>;

/**
 * A list's search change (page, limit, search, a filter, a range) merged into the route's URL as a
 * new history entry, so Back and Forward walk through the pages and searches a person went
 * through: `searchChange<CurrencyListParams>(Route.useNavigate())`. The keys in `replacing`
 * replace the entry instead (the Merchants filter: spec §2).
 */
export function searchChange<TSearch extends object>(
  navigate: SearchNavigate<TSearch>,
  replacing: readonly (keyof TSearch)[] = [],
) {
  return (change: Partial<TSearch>) =>
    navigate({
      search: (old) => ({ ...old, ...change }),
      replace: replacing.some((key) => key in change),
    });
}

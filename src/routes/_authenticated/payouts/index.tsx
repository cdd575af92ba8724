import {
  sortText,
  TRANSACTION_SORT_DEFAULT,
  TRANSACTION_SORT_KEYS,
  type TransactionSortKey,
} from '@contract/list-sort';
import type { BulkDecision } from '@contract/payout-bulk';
import { PERMISSIONS } from '@contract/permissions';
import type { PayoutCommand, Transaction } from '@contract/transaction';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { RowSelectionScope, selectionColumn, useRowSelection } from '@/components/row-selection';
import { SearchListPage } from '@/components/search-list-page';
import { FilterChips } from '@/features/lists/filter-chips';
import { orderedAmountRange, richFilterEntries, sortParam } from '@/features/lists/list-search';
import { useListViews } from '@/features/lists/list-views';
import { NO_RICH_FILTERS, useRichFilterChips } from '@/features/lists/rich-filter-chips';
import { RichFiltersButton } from '@/features/lists/rich-filters';
import { BulkBar, BulkDecisionDialog, BulkSummary } from '@/features/payouts/bulk-actions';
import { UI_PAYOUTS } from '@/features/payouts/copy';
import { payoutColumns } from '@/features/payouts/payout-columns';
import { type PayoutDecision, PayoutDecisionDialog } from '@/features/payouts/payout-decision-dialog';
import { UI_TRANSACTIONS } from '@/features/transactions/copy';
import { SUCCESS } from '@/lib/copy';
import { dateRangeSearchEntries, rangeOf, searchOfRange, wholeDateRange } from '@/lib/date-range-search';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset } from '@/lib/search-params';
import { fetchPayoutsCsv, type PayoutTarget, useBulkPayoutDecision } from '@/queries/payout-bulk';
import {
  type TransactionListParams,
  transactionQueries,
  usePayoutDecisionMutation,
} from '@/queries/transactions';

/**
 * `?page&limit&search&from&to`; the list is always the pending payout requests (`status=pay-out`).
 * A range that is not both ends in order is dropped.
 */
const payoutSearchSchema = v.pipe(
  v.object({
    ...listSearchEntries,
    ...dateRangeSearchEntries,
    sort: sortParam(TRANSACTION_SORT_KEYS, TRANSACTION_SORT_DEFAULT),
    ...richFilterEntries,
  }),
  v.transform(wholeDateRange),
  v.transform(orderedAmountRange),
);

/** Column id to the API's sort key: type and status are the same on every pending payout. */
const PAYOUT_SORT_COLUMNS: Readonly<Record<string, TransactionSortKey>> = {
  transaction_date: 'date',
  code: 'reference',
  customer: 'customer',
  amount: 'amount',
};

const DEFAULT_SORT = sortText(TRANSACTION_SORT_DEFAULT);

export const Route = createFileRoute('/_authenticated/payouts/')({
  staticData: { permission: PERMISSIONS.viewTransactions },
  validateSearch: payoutSearchSchema,
  search: { middlewares: [stripSearchParams({ ...LIST_SEARCH_DEFAULTS, sort: DEFAULT_SORT })] },
  loaderDeps: ({ search }): TransactionListParams => ({ ...search, status: 'pay-out' }),
  loader: listLoader(transactionQueries.list),
  pendingComponent: listPending({ title: UI_PAYOUTS.title, columns: 10 }),
  component: PayoutsPage,
});

/** Copying can fail (permission refused, no clipboard outside a secure context): say so, not nothing. */
function copyCode(code: string) {
  void Promise.resolve()
    .then(() => navigator.clipboard.writeText(code))
    .then(
      () => notifySuccess(SUCCESS.transactionCodeCopied),
      () => notifyError(UI_PAYOUTS.copyFailed),
    );
}

const rowId = (t: Transaction) => t.id;
const NO_ROWS: readonly Transaction[] = [];
const SELECT_COLUMN = selectionColumn(rowId, (t: Transaction) => t.reference.txn_ref);

function PayoutsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(transactionQueries.list, params);
  const canDecide = usePermission(PERMISSIONS.changePayoutStatus);
  const mutation = usePayoutDecisionMutation();
  const [decision, setDecision] = useState<PayoutDecision | null>(null);
  const offset = pageOffset(params.page, params.limit);
  // Bulk actions (issue 24): a new page, search or filter starts an empty selection.
  const selection = useRowSelection<Transaction>(rowId, JSON.stringify(params));
  const pageRows = query.data?.contents ?? NO_ROWS;
  const total = query.data?.total ?? 0;
  const bulk = useBulkPayoutDecision();
  const [bulkAsked, setBulkAsked] = useState<{ command: PayoutCommand; count: number } | null>(null);
  const [bulkAnswer, setBulkAnswer] = useState<BulkDecision | null>(null);
  const columns = useMemo(
    () =>
      payoutColumns({
        offset,
        onCopy: copyCode,
        onDecide: canDecide ? (transaction, command) => setDecision({ transaction, command }) : undefined,
      }),
    [offset, canDecide],
  );
  const { page: _page, limit: _limit, ...filters } = params;
  const selectedCount = selection.allMatching ? total : selection.rows.length;
  const target: PayoutTarget = selection.allMatching ? { filters } : { ids: selection.rows.map(rowId) };
  const pageAllTicked = pageRows.length > 0 && pageRows.every((t) => selection.isSelected(t.id));

  const decideBulk = async (command: PayoutCommand, reason?: string) => {
    try {
      const answer = await bulk.mutateAsync({ command, ...(reason ? { reason } : {}), target });
      selection.clear();
      setBulkAnswer(answer);
    } finally {
      setBulkAsked(null);
    }
  };

  // Each change is a history entry: Back and Forward walk through pages and searches.
  const update = (change: Partial<TransactionListParams>) =>
    navigate({ search: (old) => ({ ...old, ...change }) });
  const chips = useRichFilterChips(params, update);
  const views = useListViews('payouts', columns);
  // The checkboxes come first and are no column to pick: the column picker never sees them.
  const shownColumns = useMemo(() => [SELECT_COLUMN, ...views.columns], [views.columns]);

  const decide = async (chosen: PayoutDecision) => {
    try {
      await mutation.mutateAsync({ id: chosen.transaction.id, command: chosen.command });
    } finally {
      setDecision(null);
    }
  };

  return (
    <RowSelectionScope selection={selection} page={pageRows}>
      <SearchListPage
        copy={{ title: UI_PAYOUTS.title, search: UI_TRANSACTIONS.search }}
        search={params}
        onSearchChange={update}
        filters={
          <>
            <DateRangePicker
              aria-label={UI_PAYOUTS.dateRange}
              value={rangeOf(params.from, params.to)}
              onChange={(range) => update({ ...searchOfRange(range), page: 1 })}
              showShortcuts
              showFooter
              // A history screen: open on last month and this one, never on a month still to come.
              dateLooking="backward"
            />
            {/* The richer filters (issue 24); a payout's status is always Pay Out. */}
            <RichFiltersButton
              value={params}
              activeCount={chips.length}
              onApply={(rich) => update({ ...rich, page: 1 })}
            />
            {views.controls}
          </>
        }
        aboveTable={
          <>
            <FilterChips filters={chips} onClearAll={() => update({ ...NO_RICH_FILTERS, page: 1 })} />
            <BulkBar
              count={selectedCount}
              allMatching={selection.allMatching}
              matching={pageAllTicked && total > pageRows.length ? total : null}
              onSelectAllMatching={selection.selectAllMatching}
              onClear={selection.clear}
              onDecide={canDecide ? (command) => setBulkAsked({ command, count: selectedCount }) : undefined}
              exportFile={() =>
                fetchPayoutsCsv(
                  selection.allMatching ? { filters } : { rows: selection.rows },
                  new Date().toISOString().slice(0, 10),
                )
              }
            />
          </>
        }
        sorting={{
          value: params.sort ?? DEFAULT_SORT,
          keys: PAYOUT_SORT_COLUMNS,
          onChange: (sort) => update({ sort, page: 1 }),
        }}
        // No pending request at all: 'There are no Payouts requests'; a search or range: 'No results found'.
        isFiltered={
          params.search !== undefined ||
          params.from !== undefined ||
          params.to !== undefined ||
          chips.length > 0
        }
        query={query}
        columns={shownColumns}
        getRowId={(t) => t.id}
      >
        <PayoutDecisionDialog decision={decision} onConfirm={decide} onClose={() => setDecision(null)} />
        <BulkDecisionDialog asked={bulkAsked} onConfirm={decideBulk} onClose={() => setBulkAsked(null)} />
        <BulkSummary answer={bulkAnswer} onClose={() => setBulkAnswer(null)} />
      </SearchListPage>
    </RowSelectionScope>
  );
}

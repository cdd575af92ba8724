/** The books (issue 23): journals, reversals, closed months and the reports (docs/api.md "Books"). */
import {
  accountingPeriodListSchema,
  accountingPeriodSchema,
  balanceSheetSchema,
  type ClosePeriodInput,
  glAccountStatementSchema,
  incomeStatementSchema,
  journalDetailSchema,
  type ManualJournalInput,
  merchantSettlementSchema,
  type ReopenPeriodInput,
  type ReversalInput,
  trialBalanceSchema,
} from '@contract/books';
import { reportMerchantsSchema, reportSubjectsSchema } from '@contract/operations/books';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { orApprovalRequest, useToastMutation } from './resource';

const ROOT = ['books'] as const;

export interface StatementParams {
  glAccountId: string;
  currencyId?: string | undefined;
  from: string;
  to: string;
  page: number;
  limit: number;
}

export const bookQueries = {
  all: ROOT,
  journal: (id: string) =>
    queryOptions({
      queryKey: [...ROOT, 'journal', id] as const,
      queryFn: ({ signal }) =>
        fetchData(`journals/${id}`, journalDetailSchema, { signal, toastErrors: false }),
    }),
  periods: () =>
    queryOptions({
      queryKey: [...ROOT, 'periods'] as const,
      queryFn: ({ signal }) =>
        fetchData('accounting-periods', accountingPeriodListSchema, { signal, toastErrors: false }),
    }),
  subjects: () =>
    queryOptions({
      queryKey: [...ROOT, 'subjects'] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/subjects', reportSubjectsSchema, { signal, toastErrors: false }),
      staleTime: 60_000,
    }),
  merchants: (search: string) =>
    queryOptions({
      queryKey: [...ROOT, 'merchants', search] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/merchants', reportMerchantsSchema, {
          searchParams: { search_term: search },
          signal,
          toastErrors: false,
        }),
    }),
  trialBalance: (asOf: string) =>
    queryOptions({
      queryKey: [...ROOT, 'trial-balance', asOf] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/trial-balance', trialBalanceSchema, {
          searchParams: { as_of: asOf },
          signal,
          toastErrors: false,
        }),
    }),
  balanceSheet: (asOf: string) =>
    queryOptions({
      queryKey: [...ROOT, 'balance-sheet', asOf] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/balance-sheet', balanceSheetSchema, {
          searchParams: { as_of: asOf },
          signal,
          toastErrors: false,
        }),
    }),
  incomeStatement: (from: string, to: string) =>
    queryOptions({
      queryKey: [...ROOT, 'income-statement', from, to] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/income-statement', incomeStatementSchema, {
          searchParams: { from, to },
          signal,
          toastErrors: false,
        }),
    }),
  statement: (p: StatementParams) =>
    queryOptions({
      queryKey: [...ROOT, 'statement', p] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/gl-account-statement', glAccountStatementSchema, {
          searchParams: {
            gl_account_id: p.glAccountId,
            currency_id: p.currencyId,
            from: p.from,
            to: p.to,
            page: p.page,
            limit: p.limit,
          },
          signal,
          toastErrors: false,
        }),
    }),
  settlement: (merchantId: string, from: string, to: string) =>
    queryOptions({
      queryKey: [...ROOT, 'settlement', merchantId, from, to] as const,
      queryFn: ({ signal }) =>
        fetchData('reports/merchant-settlement', merchantSettlementSchema, {
          searchParams: { merchant_id: merchantId, from, to },
          signal,
          toastErrors: false,
        }),
    }),
};

/** After any posting: the journal entry list, its totals and every report may have changed. */
function useInvalidateBooks() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ROOT }),
      client.invalidateQueries({ queryKey: ['journal-entries'] }),
    ]);
}

/** What a posting makes stale: the journal entry list, its totals and every report. */
const afterPosting = () => [ROOT, ['journal-entries']];

/**
 * `POST journals`: toasts `success`, or 'Sent for approval …' when the manual-journal approval rule
 * makes it wait for a second person (202). Errors are shown by the form (not toasted).
 */
export function useCreateJournal(success: string) {
  return useToastMutation({
    mutationFn: (input: ManualJournalInput) =>
      fetchData('journals', orApprovalRequest(journalDetailSchema), {
        method: 'POST',
        json: input,
        toastErrors: false,
      }),
    success,
    approvable: true,
    invalidate: afterPosting,
  });
}

/** `POST journals/{id}/reversal`. */
export function useReverseJournal(id: string) {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (input: ReversalInput) =>
      fetchData(`journals/${id}/reversal`, journalDetailSchema, {
        method: 'POST',
        json: input,
        toastErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useClosePeriod() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (input: ClosePeriodInput) =>
      fetchData('accounting-periods/close', accountingPeriodSchema, {
        method: 'POST',
        json: input,
        toastErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** Reopening always waits for a second person's approval (202, decision 039): 'Sent for approval …'. */
export function useReopenPeriod(success: string) {
  return useToastMutation({
    mutationFn: (input: ReopenPeriodInput) =>
      fetchData('accounting-periods/reopen', orApprovalRequest(accountingPeriodSchema), {
        method: 'POST',
        json: input,
        toastErrors: false,
      }),
    success,
    approvable: true,
    invalidate: afterPosting,
  });
}

/**
 * Bulk payout decisions (issue 24, decision 045): `POST payouts/bulk-decision` for the selected
 * payouts or all that match the Payouts list's filters, and the selection's CSV.
 */
import type { BulkDecision, BulkDecisionInput } from '@contract/payout-bulk';
import { bulkDecisionSchema } from '@contract/payout-bulk';
import type { PayoutCommand, Transaction } from '@contract/transaction';
import {
  TRANSACTION_CSV_CONTENT_TYPE,
  TRANSACTION_CSV_HEADER,
  transactionCsvLine,
} from '@contract/transaction-csv';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleanSearchParams, fetchData } from '@/lib/api';
import { invalidate, resourceKeys } from './resource';
import {
  afterDecision,
  fetchTransactionsCsv,
  filterSearchParams,
  type TransactionFilterParams,
} from './transactions';

/** The payouts a bulk call acts on: the selected ids, or every pending payout the filters match. */
export type PayoutTarget = { ids: readonly string[] } | { filters: TransactionFilterParams };

export interface BulkDecisionVars {
  command: PayoutCommand;
  /** Required to reject (the server refuses a rejection without one). */
  reason?: string;
  target: PayoutTarget;
}

function payloadOf({ command, reason, target }: BulkDecisionVars): BulkDecisionInput {
  const payouts =
    'ids' in target
      ? { ids: [...target.ids] }
      : { filter: cleanSearchParams(filterSearchParams({ ...target.filters, status: 'pay-out' })) };
  return { command, ...(reason ? { reason } : {}), ...payouts } as BulkDecisionInput;
}

/**
 * Approves or rejects in one call; the answer (per payout: approved, rejected, sent for approval or
 * refused and why) is the screen's summary, so no toast here. Whatever was decided, the lists, the
 * ledger's figures and the approvals inbox are refetched; a refusal of the whole call (400) is
 * toasted by fetchData.
 */
export function useBulkPayoutDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: BulkDecisionVars): Promise<BulkDecision> =>
      fetchData('payouts/bulk-decision', bulkDecisionSchema, { method: 'POST', json: payloadOf(vars) }),
    onSettled: () => invalidate(queryClient, [...afterDecision(), resourceKeys('approvals').lists()]),
  });
}

/** The selected rows as the export's CSV; all that match: the export itself, with the filters. */
export async function fetchPayoutsCsv(
  target: { rows: readonly Transaction[] } | { filters: TransactionFilterParams },
  today: string,
): Promise<{ blob: Blob; fileName: string }> {
  if ('filters' in target) return fetchTransactionsCsv({ ...target.filters, status: 'pay-out' });
  const text = TRANSACTION_CSV_HEADER + target.rows.map(transactionCsvLine).join('');
  return { blob: new Blob([text], { type: TRANSACTION_CSV_CONTENT_TYPE }), fileName: `payouts-${today}.csv` };
}

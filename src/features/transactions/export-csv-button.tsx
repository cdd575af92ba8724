import { ExportCsvButton } from '@/components/export-csv-button';
import { fetchTransactionsCsv, type TransactionFilterParams } from '@/queries/transactions';
import { UI_TRANSACTION_DETAILS } from './copy';

/** Every transaction the screen's filters select (all pages), as CSV. */
export function ExportTransactionsCsvButton({ filters }: { filters: TransactionFilterParams }) {
  return (
    <ExportCsvButton
      label={UI_TRANSACTION_DETAILS.exportCsv}
      fetchFile={() => fetchTransactionsCsv(filters)}
    />
  );
}

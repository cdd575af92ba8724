import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ERRORS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifyError } from '@/lib/notify';
import { fetchTransactionsCsv, type TransactionFilterParams } from '@/queries/transactions';
import { UI_TRANSACTION_DETAILS } from './copy';

/** Hands a fetched file to the browser's downloads under `fileName`. */
function saveFile(blob: Blob, fileName: string) {
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task: the browser has started the download by then.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/**
 * Downloads every transaction the screen's filters select (all pages) as CSV. The export needs the
 * bearer token, so a plain link cannot fetch it: the file goes through the API client and is saved
 * from an object URL. A failure toasts the server's message (spec §8), else the download text.
 */
export function ExportCsvButton({ filters }: { filters: TransactionFilterParams }) {
  const download = useMutation({
    mutationFn: () => fetchTransactionsCsv(filters),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => notifyError(isApiError(error) ? error.message : ERRORS.download),
  });
  return (
    <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
      {UI_TRANSACTION_DETAILS.exportCsv}
    </Button>
  );
}

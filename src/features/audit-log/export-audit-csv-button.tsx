import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ERRORS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifyError } from '@/lib/notify';
import { type AuditFilterParams, fetchAuditLogCsv } from '@/queries/audit-log';
import { UI_AUDIT_LOG } from './copy';

/** Saves a fetched file under `fileName` (an object URL: the export needs the bearer token). */
function saveFile(blob: Blob, fileName: string) {
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/** Downloads every record the screen's filters select (all pages) as CSV. */
export function ExportAuditCsvButton({ filters }: { filters: AuditFilterParams }) {
  const download = useMutation({
    mutationFn: () => fetchAuditLogCsv(filters),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => notifyError(isApiError(error) ? error.message : ERRORS.download),
  });
  return (
    <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
      {UI_AUDIT_LOG.exportCsv}
    </Button>
  );
}

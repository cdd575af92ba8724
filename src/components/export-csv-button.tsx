import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ERRORS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';

export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Downloads what `fetchFile` fetches (a list's CSV for its current filters, all pages). A failure
 * toasts the server's message (spec §8), else the download text.
 */
export function ExportCsvButton({
  label,
  fetchFile,
}: {
  label: string;
  fetchFile: () => Promise<FetchedFile>;
}) {
  const download = useMutation({
    mutationFn: fetchFile,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => notifyError(isApiError(error) ? error.message : ERRORS.download),
  });
  return (
    <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
      {label}
    </Button>
  );
}

import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { UI_MERCHANT_DETAILS } from './copy';
import { documentFileName, downloadDocument } from './document-download';

/** A document field's value: one path or a list of paths (spec §3). */
export type DocumentRef = string | readonly string[] | null | undefined;

function DocumentButton({ path }: { path: string }) {
  const [busy, setBusy] = useState(false);
  const name = documentFileName(path);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      loading={busy}
      aria-label={UI_MERCHANT_DETAILS.download(name)}
      onClick={() => {
        setBusy(true);
        void downloadDocument(path).finally(() => setBusy(false));
      }}
    >
      {name}
    </Button>
  );
}

/** One download button per file, or null (the field then shows '---'). */
export function documentList(ref: DocumentRef) {
  const paths = (typeof ref === 'string' ? [ref] : (ref ?? [])).filter((p) => p.trim() !== '');
  if (paths.length === 0) return null;
  return (
    <Stack component="span" gap={2} align="flex-start">
      {paths.map((path) => (
        <DocumentButton key={path} path={path} />
      ))}
    </Stack>
  );
}

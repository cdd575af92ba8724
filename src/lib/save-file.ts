/**
 * Hands bytes to the browser's downloads under `fileName`. Exports and documents need the bearer
 * token, so a plain link cannot fetch them: they are fetched through the API client and saved from
 * an object URL.
 */
export function saveFile(blob: Blob, fileName: string): void {
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

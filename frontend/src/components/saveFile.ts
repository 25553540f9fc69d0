/**
 * Hands a downloaded file to the browser's save dialog under `fileName` (a PDF the page fetched with a POST: the
 * yearly statement, the periodic gift's agreement).
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a while, so that a slow browser has read the file before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

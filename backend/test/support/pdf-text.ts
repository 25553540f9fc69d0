/**
 * The text of a PDF, page by page, as a reader's copy-and-paste would give it (pdfjs-dist, Mozilla's PDF reader), so
 * tests check what a donor sees in the file rather than how it was drawn.
 */
export async function pdfText(content: Buffer | Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: new Uint8Array(content), verbosity: 0 });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join('')
        .replace(/[ \t]+\n/g, '\n'),
    );
  }
  await loading.destroy();
  return pages.join('\n');
}

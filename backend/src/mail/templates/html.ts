const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything a visitor typed is escaped before it goes into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** Escaped text with its line breaks kept. */
export function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

/** A plain, mail-client-safe page around already escaped content. */
export function htmlDocument(language: string, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;margin:0;padding:24px">',
    `<div style="max-width:640px">${body}</div>`,
    '</body></html>',
  ].join('\n');
}

import { SUBMISSION_TYPES, type SubmissionType } from '@stichting/contracts';

/**
 * The body of a "download as a spreadsheet" link (staff-actions/staff-link.token.ts, kind `spreadsheet`): which
 * requests the file holds, never who asked. Four bytes: the selection (0: every open request, new or contacted; 1: one
 * type's requests of one month), the type's index in SUBMISSION_TYPES, and the month as months since January 2000
 * (two bytes). docs/product.md §4.10.2: valid for a day.
 */
export const SPREADSHEET_LINK_LIFETIME_DAYS = 1;
/** The confirmation page reads a spreadsheet link's token after `#download=`. */
export const SPREADSHEET_LINK_FRAGMENT = 'download';

export type SpreadsheetSelection =
  { kind: 'open' } | { kind: 'month'; type: SubmissionType; /** YYYY-MM */ month: string };

const BODY_BYTES = 4;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function encodeSpreadsheetLink(selection: SpreadsheetSelection): Buffer {
  const body = Buffer.alloc(BODY_BYTES);
  if (selection.kind === 'open') return body;
  const match = MONTH.exec(selection.month);
  const typeIndex = SUBMISSION_TYPES.indexOf(selection.type);
  if (!match || typeIndex < 0 || Number(match[1]) < 2000) throw new Error(`not a month of a type: ${selection.month}`);
  body.writeUInt8(1, 0);
  body.writeUInt8(typeIndex, 1);
  body.writeUInt16BE((Number(match[1]) - 2000) * 12 + Number(match[2]) - 1, 2);
  return body;
}

/** What a verified body selects, or undefined when it is not a spreadsheet link's body. */
export function decodeSpreadsheetLink(body: Buffer): SpreadsheetSelection | undefined {
  if (body.length !== BODY_BYTES) return undefined;
  const selection = body.readUInt8(0);
  if (selection === 0) return body.readUInt8(1) === 0 && body.readUInt16BE(2) === 0 ? { kind: 'open' } : undefined;
  const type = SUBMISSION_TYPES[body.readUInt8(1)];
  if (selection !== 1 || !type) return undefined;
  const months = body.readUInt16BE(2);
  const month = `${2000 + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
  return { kind: 'month', type, month };
}

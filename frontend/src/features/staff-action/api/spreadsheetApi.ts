import {
  STAFF_LINK_PROBLEMS,
  STAFF_SPREADSHEET_PATHS,
  type Language,
  type StaffLinkProblem,
  type StaffSpreadsheetSelection,
} from '@stichting/contracts';
import { postJson, textOf } from '../../../components/forms/api';

/** docs/product.md §4.10.2: what a call about a download link came to (`refused`: the link is not good). */
export type SpreadsheetOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; problem: StaffLinkProblem; message: string | undefined }
  | { kind: 'failed' };

function refusal(body: Record<string, unknown> | undefined): SpreadsheetOutcome<never> {
  const problem = STAFF_LINK_PROBLEMS.find((name) => name === textOf(body, 'problem'));
  return problem ? { kind: 'refused', problem, message: textOf(body, 'error') } : { kind: 'failed' };
}

/** `POST /api/staff/spreadsheet/read`: what the file will hold. Reads nothing personal. */
export async function readSpreadsheetLink(
  token: string,
  language: Language,
): Promise<SpreadsheetOutcome<StaffSpreadsheetSelection>> {
  const result = await postJson(STAFF_SPREADSHEET_PATHS.read, { token, language });
  const selection =
    result.kind === 'ok' ? (result.body?.selection as StaffSpreadsheetSelection | undefined) : undefined;
  return selection ? { kind: 'ok', value: selection } : refusal(result.body);
}

/** `POST /api/staff/spreadsheet`: the file itself, with the name the server gave it. */
export async function downloadSpreadsheet(
  token: string,
  language: Language,
): Promise<SpreadsheetOutcome<{ file: Blob; fileName: string }>> {
  try {
    const response = await fetch(STAFF_SPREADSHEET_PATHS.download, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, language }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      return refusal(body);
    }
    const fileName =
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'requests.xlsx';
    return { kind: 'ok', value: { file: await response.blob(), fileName } };
  } catch {
    return { kind: 'failed' };
  }
}

import { DONOR_LINK_PROBLEMS, DONOR_STATEMENT_PATHS, type DonorLinkProblem, type Language } from '@stichting/contracts';
import { postJson, textOf, type ApiResult } from '../../../components/forms/api';

/**
 * docs/product.md §7.9–7.10: what asking for the yearly statement came to. `problem`: the link is expired or not good
 * (the page shows the "ask for a fresh link" form); `no-gifts`: that year has no gift (404); `busy`: too many asks in
 * a minute (429); `failed`: anything else (try again).
 */
export type StatementOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'problem'; problem: DonorLinkProblem }
  | { kind: 'no-gifts' }
  | { kind: 'busy' }
  | { kind: 'failed' };

/** A refused answer sorted for the page: a 403 names the link's problem (`problem`, as the gift's routes do). */
function refusal(result: Pick<ApiResult, 'status' | 'body'>): Exclude<StatementOutcome<never>, { kind: 'ok' }> {
  if (result.status === 403) {
    const named = DONOR_LINK_PROBLEMS.find((name) => name === textOf(result.body, 'problem'));
    return { kind: 'problem', problem: named === 'expired' ? 'expired' : 'invalid' };
  }
  if (result.status === 404) return { kind: 'no-gifts' };
  if (result.status === 429) return { kind: 'busy' };
  return { kind: 'failed' };
}

/** `POST /api/donations/statement-years`: the calendar years with gifts, newest first. */
export async function readStatementYears(token: string, language: Language): Promise<StatementOutcome<number[]>> {
  const result = await postJson(DONOR_STATEMENT_PATHS.years, { token, language });
  const years = result.body?.years;
  if (result.kind === 'ok' && Array.isArray(years) && years.every((year) => Number.isInteger(year))) {
    return { kind: 'ok', value: years as number[] };
  }
  return refusal(result);
}

/** The file name the server gave (`Content-Disposition: attachment; filename="…"`), if any. */
function fileNameOf(response: Response): string | undefined {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
}

/** A parsed JSON body of a refused answer, or undefined (a proxy's page, a cut response). */
async function jsonOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `POST /api/donations/statement`: the statement of `year` as a PDF file, with the name the server gave it. */
export async function fetchStatement(
  token: string,
  language: Language,
  year: number,
): Promise<StatementOutcome<{ file: Blob; fileName: string | undefined }>> {
  let response: Response;
  try {
    response = await fetch(DONOR_STATEMENT_PATHS.download, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' },
      body: JSON.stringify({ token, language, year }),
    });
  } catch {
    return { kind: 'failed' };
  }
  const isPdf = (response.headers.get('content-type') ?? '').toLowerCase().includes('application/pdf');
  if (response.ok && isPdf) {
    try {
      return { kind: 'ok', value: { file: await response.blob(), fileName: fileNameOf(response) } };
    } catch {
      return { kind: 'failed' };
    }
  }
  return refusal({ status: response.ok ? 500 : response.status, body: await jsonOf(response) });
}

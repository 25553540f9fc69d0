import { FIELD_ERROR_CODES, type FieldErrorCode } from '@stichting/contracts';

/** What every answer of the API carries (docs/product.md §7: `{success, error?, fields?, codes?}` or the route's own body). */
interface Answer {
  status: number;
  /** The JSON object the server sent; undefined when the answer was not JSON (a proxy's error page, a cut response). */
  body: Record<string, unknown> | undefined;
  /** The server's own `error` text (English), when it sent one. */
  error?: string;
}

/**
 * The outcome of one POST, sorted once for every form:
 * - ok: a 2xx answer;
 * - invalid: 400, with the refused fields (English message and, where known, a code for a message in the page's language);
 * - rate-limited: 429;
 * - refused: any other 4xx (403 bot check, 413 too large, 415 wrong type);
 * - server-error: 5xx;
 * - network: the server was not reached (status 0).
 */
export type ApiResult =
  | ({ kind: 'ok' } & Answer)
  | ({
      kind: 'invalid';
      /** Keyed like "formData.email". */
      fields: Record<string, string>;
      codes: Partial<Record<string, FieldErrorCode>>;
    } & Answer)
  | ({ kind: 'rate-limited' } & Answer)
  | ({ kind: 'refused' } & Answer)
  | ({ kind: 'server-error' } & Answer)
  | { kind: 'network'; status: 0; body: undefined; error: string };

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The parsed body when the answer says it is JSON and parses as an object; otherwise undefined. */
async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!(response.headers.get('content-type') ?? '').toLowerCase().includes('application/json')) return undefined;
  try {
    return asObject(await response.json());
  } catch {
    return undefined;
  }
}

function fieldMessages(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(asObject(value) ?? {}).map(([key, message]) => [
      key,
      Array.isArray(message) ? message.join(' ') : String(message),
    ]),
  );
}

/** The server's field codes that this page knows; any other value is left out (the message is shown instead). */
function fieldCodes(value: unknown): Partial<Record<string, FieldErrorCode>> {
  const known = new Set<string>(FIELD_ERROR_CODES);
  return Object.fromEntries(
    Object.entries(asObject(value) ?? {}).filter(
      (entry): entry is [string, FieldErrorCode] => typeof entry[1] === 'string' && known.has(entry[1]),
    ),
  );
}

/** A non-empty string property of a JSON body. */
export function textOf(body: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = body?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** POSTs `body` as JSON to the site's API and sorts the answer (see ApiResult). Never rejects. */
export async function postJson(
  path: string,
  body: unknown,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    return {
      kind: 'network',
      status: 0,
      body: undefined,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const json = await readJson(response);
  const answer: Answer = { status: response.status, body: json, error: textOf(json, 'error') };
  if (response.ok) return { kind: 'ok', ...answer };
  if (response.status === 400) {
    return { kind: 'invalid', ...answer, fields: fieldMessages(json?.fields), codes: fieldCodes(json?.codes) };
  }
  if (response.status === 429) return { kind: 'rate-limited', ...answer };
  return { kind: response.status < 500 ? 'refused' : 'server-error', ...answer };
}

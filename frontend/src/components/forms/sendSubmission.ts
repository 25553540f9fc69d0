import type { FieldErrorCode, Language, SubmissionType } from '@stichting/contracts';
import { postJson } from './api';

export interface SubmissionRequest {
  type: SubmissionType;
  formData: Record<string, unknown>;
  language: Language;
  turnstileToken: string;
}

/** A refused or failed submission. status 0 means the server was not reached. */
export class SubmissionError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Server field errors keyed like "formData.email" (English messages). */
    readonly fields: Record<string, string> = {},
    /** The same keys with the reason as a code, for a message in the page's language. */
    readonly codes: Partial<Record<string, FieldErrorCode>> = {},
  ) {
    super(message);
    this.name = 'SubmissionError';
  }
}

/** Drops empty optional values: the server wants them absent, not "" (docs/product.md §7.2). */
export function withoutEmpty(formData: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(formData)
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== '' && value !== undefined && value !== null);
  return Object.fromEntries(entries);
}

/**
 * POSTs a form to the API; resolves with the answer's body when the server said `success: true`, throws
 * SubmissionError (with the refused fields) otherwise.
 */
export async function postForm(path: string, body: unknown): Promise<Record<string, unknown>> {
  const result = await postJson(path, body);
  if (result.kind === 'network') throw new SubmissionError(0, result.error);
  if (result.kind === 'ok' && result.body?.success === true) return result.body;
  throw new SubmissionError(
    result.kind === 'ok' ? 500 : result.status,
    result.error ?? `Server returned ${result.status}`,
    result.kind === 'invalid' ? result.fields : {},
    result.kind === 'invalid' ? result.codes : {},
  );
}

/** POST /api/send-email (docs/product.md §7). Resolves with the stored submission's id; success only after the server commit. */
export async function sendSubmission(request: SubmissionRequest): Promise<{ id: string }> {
  const body = await postForm('/api/send-email', request);
  return { id: typeof body.id === 'string' ? body.id : '' };
}

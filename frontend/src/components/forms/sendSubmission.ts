import type { Language, SubmissionType } from '@stichting/contracts';

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
    /** Server field errors keyed like "formData.email". */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SubmissionError';
  }
}

/** Drops empty optional values: the server wants them absent, not "" (spec §7 contract). */
export function withoutEmpty(formData: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(formData)
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== '' && value !== undefined && value !== null);
  return Object.fromEntries(entries);
}

function fieldMessages(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, message]) => [
      key,
      Array.isArray(message) ? message.join(' ') : String(message),
    ]),
  );
}

/** POST /api/send-email (spec §7). Resolves with the stored submission's id; success only after the server commit. */
export async function sendSubmission(request: SubmissionRequest): Promise<{ id: string }> {
  let response: Response;
  try {
    response = await fetch('/api/send-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch (error) {
    throw new SubmissionError(0, error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => undefined)) as
    { success?: boolean; id?: string; error?: string; fields?: unknown } | undefined;
  if (!response.ok || !body?.success) {
    throw new SubmissionError(
      response.ok ? 500 : response.status,
      body?.error ?? `Server returned ${response.status}`,
      fieldMessages(body?.fields),
    );
  }
  return { id: String(body.id ?? '') };
}

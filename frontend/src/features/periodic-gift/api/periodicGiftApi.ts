import {
  AGREEMENT_LINK_PROBLEMS,
  PERIODIC_GIFT_PATHS,
  type AgreementLinkAnswer,
  type AgreementLinkProblem,
  type AgreementStatus,
  type Language,
} from '@stichting/contracts';
import { postJson, textOf } from '../../../components/forms/api';
import { postForm, type FormSender } from '../../../components/forms';

/** `POST /api/periodic-gift`: the agreement is stored and the donor gets the verification link; its transaction number. */
export async function createAgreement(request: Parameters<FormSender>[0]): Promise<{ transactionNumber: string }> {
  const body = await postForm(PERIODIC_GIFT_PATHS.create, {
    ...request.formData,
    language: request.language,
    turnstileToken: request.turnstileToken,
  });
  return { transactionNumber: textOf(body, 'transactionNumber') ?? '' };
}

/**
 * What a call with a link came to (docs/product.md §4.9): `problem` the link is not good (invalid, expired, used: a
 * notice per problem); `refused` the step does not fit the agreement now, with the server's words in the page's
 * language and any field messages; `failed` try again.
 */
export type LinkOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'problem'; problem: AgreementLinkProblem }
  | { kind: 'refused'; message?: string; fields: Record<string, string> }
  | { kind: 'failed' };

async function call<T>(
  path: string,
  body: object,
  read: (body: Record<string, unknown>) => T | undefined,
): Promise<LinkOutcome<T>> {
  const result = await postJson(path, body);
  if (result.kind === 'ok' && result.body) {
    const value = read(result.body);
    if (value !== undefined) return { kind: 'ok', value };
  }
  const problem = AGREEMENT_LINK_PROBLEMS.find((name) => name === textOf(result.body, 'problem'));
  if (problem) return { kind: 'problem', problem };
  if (result.kind === 'invalid' || (result.kind === 'refused' && result.status !== 403)) {
    return { kind: 'refused', message: result.error, fields: result.kind === 'invalid' ? result.fields : {} };
  }
  return { kind: 'failed' };
}

type LinkAnswer = Extract<AgreementLinkAnswer, { success: true }>;

/** `read`: what the link is for and the agreement to read. Changes nothing. */
export function readLink(token: string, language: Language): Promise<LinkOutcome<LinkAnswer>> {
  return call(PERIODIC_GIFT_PATHS.read, { token, language }, (body) =>
    body.agreement && body.purpose ? (body as unknown as LinkAnswer) : undefined,
  );
}

/** `verify`: the donor's address is verified; the token of the next step (signing). */
export function verifyEmail(token: string, language: Language): Promise<LinkOutcome<string>> {
  return call(PERIODIC_GIFT_PATHS.verify, { token, language }, (body) => textOf(body, 'signToken'));
}

const statusOf = (body: Record<string, unknown>) => textOf(body, 'status') as AgreementStatus | undefined;

/** `sign`: the signer's typed name and explicit consent; the agreement's status afterwards. */
export function signAgreement(token: string, language: Language, name: string): Promise<LinkOutcome<AgreementStatus>> {
  return call(PERIODIC_GIFT_PATHS.sign, { token, language, name, consent: true }, statusOf);
}

/** `countersign` (staff): the foundation's signatory comes from the configuration, never from the page. */
export function countersignAgreement(token: string, language: Language): Promise<LinkOutcome<AgreementStatus>> {
  return call(PERIODIC_GIFT_PATHS.countersign, { token, language }, statusOf);
}

/** `startDebits`: Stripe Checkout's address for the agreed monthly debit. */
export function startDebits(token: string, language: Language, replaceGift: boolean): Promise<LinkOutcome<string>> {
  return call(PERIODIC_GIFT_PATHS.startDebits, { token, language, replaceGift }, (body) => textOf(body, 'url'));
}

/** `document`: the agreement as a PDF (pre-filled, to read or to sign on paper). */
export async function fetchAgreementPdf(
  token: string,
  language: Language,
): Promise<LinkOutcome<{ file: Blob; fileName?: string }>> {
  let response: Response;
  try {
    response = await fetch(PERIODIC_GIFT_PATHS.document, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' },
      body: JSON.stringify({ token, language }),
    });
  } catch {
    return { kind: 'failed' };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.includes('application/pdf')) {
    const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { kind: 'ok', value: { file: await response.blob(), fileName } };
  }
  const body = type.includes('application/json')
    ? ((await response.json().catch(() => undefined)) as Record<string, unknown> | undefined)
    : undefined;
  const problem = AGREEMENT_LINK_PROBLEMS.find((name) => name === textOf(body, 'problem'));
  return problem ? { kind: 'problem', problem } : { kind: 'failed' };
}

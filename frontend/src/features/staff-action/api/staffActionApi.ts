import {
  STAFF_ACTION_PATHS,
  STAFF_LINK_PROBLEMS,
  type Language,
  type StaffActionRequest,
  type StaffLinkProblem,
  type StaffStatusAction,
} from '@stichting/contracts';
import { postJson, textOf } from '../../../components/forms/api';

/**
 * docs/product.md §4.10: what a call of the confirmation page came to. `refused`: the link is not good, or the request
 * already stands where it would take it (`message` then says since when, in the page's language); `failed`: try again.
 */
export type StaffActionOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; problem: StaffLinkProblem; message: string | undefined }
  | { kind: 'failed' };

async function call<T>(
  path: string,
  body: object,
  read: (body: Record<string, unknown>) => T | undefined,
): Promise<StaffActionOutcome<T>> {
  const result = await postJson(path, body);
  if (result.kind === 'ok' && result.body) {
    const value = read(result.body);
    if (value !== undefined) return { kind: 'ok', value };
  }
  const problem = STAFF_LINK_PROBLEMS.find((name) => name === textOf(result.body, 'problem'));
  if (problem) return { kind: 'refused', problem, message: textOf(result.body, 'error') };
  return { kind: 'failed' };
}

export interface StatusLinkRead {
  request: StaffActionRequest;
  action: StaffStatusAction;
}

/** `POST /api/staff/action/read`: the request in a few words and what the link would do. Changes nothing. */
export function readStatusLink(token: string, language: Language): Promise<StaffActionOutcome<StatusLinkRead>> {
  return call(STAFF_ACTION_PATHS.read, { token, language }, (body) =>
    body.request && body.action
      ? { request: body.request as StaffActionRequest, action: body.action as StaffStatusAction }
      : undefined,
  );
}

/** `POST /api/staff/action`: the change itself, with the optional note and first name. */
export function applyStatusLink(
  token: string,
  language: Language,
  fields: { note?: string; by?: string },
): Promise<StaffActionOutcome<StaffActionRequest>> {
  return call(STAFF_ACTION_PATHS.apply, { token, language, ...fields }, (body) =>
    body.request ? (body.request as StaffActionRequest) : undefined,
  );
}

import {
  ALL_SUBMISSION_OUTCOMES,
  isOutcomeOf,
  type StaffStatusAction,
  type SubmissionType,
} from '@stichting/contracts';

/**
 * The body of a status link (staff-link.token.ts, kind `status`): the submission's id (16 bytes) and the action (one
 * byte: 0 contacted, 1 + n closed with ALL_SUBMISSION_OUTCOMES[n]). Bound to that request and that action: the
 * "contacted" link of one request is never the "closed" link, nor any link of another request.
 */
const BODY_BYTES = 16 + 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** docs/product.md §4.10: status links work for 30 days; the daily overview brings fresh ones for what still waits. */
export const STAFF_STATUS_LINK_LIFETIME_DAYS = 30;

export interface StatusLinkTarget {
  submissionId: string;
  action: StaffStatusAction;
}

export function encodeStatusLink({ submissionId, action }: StatusLinkTarget): Buffer {
  if (!UUID.test(submissionId)) throw new Error('a status link needs a submission id (uuid)');
  const body = Buffer.alloc(BODY_BYTES);
  Buffer.from(submissionId.replaceAll('-', ''), 'hex').copy(body, 0);
  const code = action.status === 'contacted' ? 0 : 1 + ALL_SUBMISSION_OUTCOMES.indexOf(action.outcome);
  if (code < 0) throw new Error(`unknown outcome ${JSON.stringify(action)}`);
  body.writeUInt8(code, 16);
  return body;
}

/** What a verified body names, or undefined when it is not a status link's body. */
export function decodeStatusLink(body: Buffer): StatusLinkTarget | undefined {
  if (body.length !== BODY_BYTES) return undefined;
  const hex = body.subarray(0, 16).toString('hex');
  const submissionId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const code = body.readUInt8(16);
  if (code === 0) return { submissionId, action: { status: 'contacted' } };
  const outcome = ALL_SUBMISSION_OUTCOMES[code - 1];
  return outcome ? { submissionId, action: { status: 'closed', outcome } } : undefined;
}

/** The actions a request of this type offers: contacted, then closed with each of its outcomes. */
export function statusActionsFor(type: SubmissionType): StaffStatusAction[] {
  const outcomes = ALL_SUBMISSION_OUTCOMES.filter((outcome) => isOutcomeOf(type, outcome));
  return [{ status: 'contacted' }, ...outcomes.map((outcome) => ({ status: 'closed' as const, outcome }))];
}

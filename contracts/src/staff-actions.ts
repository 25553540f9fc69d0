import type { Language } from './languages';
import type { SubmissionType } from './forms';

/**
 * docs/product.md §4.10: where staff stand with a request. `new` until someone acts; `contacted` once the applicant
 * was answered; `closed` with an outcome. Changed only by a signed action link's POST or the staff command.
 */
export const SUBMISSION_STATUSES = ['new', 'contacted', 'closed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * docs/product.md §4.10: how a request may end, by type (spam for any). Stored as these codes; the words are in
 * frontend/src/locales/<lng>/staffAction.json `outcomes`.
 */
export const SUBMISSION_OUTCOMES = {
  volunteer: ['matched', 'not_matched', 'withdrawn', 'spam'],
  'help-request': ['helped', 'referred', 'no_reply', 'spam'],
  contact: ['answered', 'spam'],
} as const satisfies Record<SubmissionType, readonly string[]>;
export type SubmissionOutcome = (typeof SUBMISSION_OUTCOMES)[SubmissionType][number];

/**
 * Every outcome once. A status link stores an outcome as its index in this list, so it only ever grows at the end
 * (a link already in an inbox must keep its meaning).
 */
export const ALL_SUBMISSION_OUTCOMES: readonly SubmissionOutcome[] = [
  'matched',
  'not_matched',
  'withdrawn',
  'helped',
  'referred',
  'no_reply',
  'answered',
  'spam',
];

export function isOutcomeOf(type: SubmissionType, outcome: string): outcome is SubmissionOutcome {
  return (SUBMISSION_OUTCOMES[type] as readonly string[]).includes(outcome);
}

/** What one action link does: mark as contacted, or close with an outcome of the request's type. */
export type StaffStatusAction = { status: 'contacted' } | { status: 'closed'; outcome: SubmissionOutcome };

/**
 * docs/product.md §4.10: a link in a staff email lands on ROUTES.staffAction with its token in the fragment after this
 * key (`#token=…`; a fragment never reaches a server, a log or a Referer header). Opening it changes nothing: the page
 * reads what the link would do with a POST to `read`, and only the staff member's button POSTs to `apply`.
 */
export const STAFF_ACTION_TOKEN_FRAGMENT = 'token';
export const STAFF_ACTION_PATHS = {
  read: '/api/staff/action/read',
  apply: '/api/staff/action',
} as const;

/** Staff link tokens are far shorter; anything longer is refused unread. */
export const STAFF_LINK_TOKEN_MAX_LENGTH = 300;
/** docs/product.md §4.10: the optional note and the staff member's first name on the confirmation page. */
export const STAFF_NOTE_MAX_LENGTH = 500;
export const STAFF_NAME_MAX_LENGTH = 60;

/**
 * Why a link was refused: `invalid` (forged, cut off, or its request is gone), `expired`, or `already` (the request
 * is already where this link would take it, or past it: a repeated or stale click).
 */
export const STAFF_LINK_PROBLEMS = ['invalid', 'expired', 'already'] as const;
export type StaffLinkProblem = (typeof STAFF_LINK_PROBLEMS)[number];

/** The request a status link names, in a few words (no address, phone or message: the page may be on any screen). */
export interface StaffActionRequest {
  type: SubmissionType;
  firstName: string;
  /** ISO date-times. */
  createdAt: string;
  status: SubmissionStatus;
  outcome: SubmissionOutcome | null;
  firstContactAt: string | null;
  closedAt: string | null;
}

/** `POST /api/staff/action/read` `{token, language}`. */
export interface StaffActionReadAnswer {
  success: true;
  request: StaffActionRequest;
  action: StaffStatusAction;
}

/** `POST /api/staff/action` `{token, language, note?, by?}`: the change, recorded once. */
export interface StaffActionApplyAnswer {
  success: true;
  request: StaffActionRequest;
}

/** A refused link or a repeated action: `error` is in the page's language, `problem` names the notice. */
export interface StaffActionRefusal {
  success: false;
  error: string;
  problem?: StaffLinkProblem;
  /** With `already`: the request as it stands. */
  request?: StaffActionRequest;
}

export interface StaffActionBody {
  token: string;
  language?: Language;
  note?: string;
  by?: string;
}

/**
 * docs/product.md §4.10.2: a "download as a spreadsheet" link lands on ROUTES.staffAction with its token after
 * `#download=`. The page reads what the file will hold (`read`); only its button's POST (`download`) answers the XLSX,
 * as an attachment, so a mail scanner that opens every link never fetches personal data.
 */
export const STAFF_SPREADSHEET_PATHS = {
  read: '/api/staff/spreadsheet/read',
  download: '/api/staff/spreadsheet',
} as const;

/** What a download link's file holds: every open request (new or contacted), or one type's requests of one month. */
export type StaffSpreadsheetSelection =
  { kind: 'open' } | { kind: 'month'; type: SubmissionType; /** YYYY-MM */ month: string };

/** `POST /api/staff/spreadsheet/read` `{token, language}`; a refused link answers a StaffActionRefusal. */
export interface StaffSpreadsheetReadAnswer {
  success: true;
  selection: StaffSpreadsheetSelection;
}

/** The body of both spreadsheet routes; the file speaks English when `language` is `en`, else Dutch. */
export interface StaffSpreadsheetBody {
  token: string;
  language?: Language;
}

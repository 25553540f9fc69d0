import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  LOCALE_TAGS,
  type Language,
  type StaffActionReadAnswer,
  type StaffActionRefusal,
  type StaffActionRequest,
  type StaffLinkProblem,
  type StaffStatusAction,
  type SubmissionOutcome,
  type SubmissionType,
} from '@stichting/contracts';
import { fill, siteCopy } from '../common/site-copy';
import {
  SubmissionStatusRepository,
  type StatusChangeSource,
  type SubmissionStanding,
} from '../database/submission-status.repository';
import { StaffLinks } from './staff-links';

/** A link the page cannot use, or an action already done: the page's notice, in its language. */
export class StaffActionRefusedError extends HttpException {
  constructor(status: HttpStatus, error: string, problem: StaffLinkProblem, request?: StaffActionRequest) {
    const body: StaffActionRefusal = { success: false, error, problem, ...(request ? { request } : {}) };
    super(body, status);
  }
}

/** The request in a few words (docs/product.md §4.10): no address, phone or message, only the sender's first name. */
export function describeRequest(standing: SubmissionStanding): StaffActionRequest {
  return {
    type: standing.type as SubmissionType,
    firstName: standing.name.trim().split(/\s+/)[0] ?? '',
    createdAt: standing.createdAt.toISOString(),
    status: standing.status,
    outcome: (standing.outcome as SubmissionOutcome | null) ?? null,
    firstContactAt: standing.firstContactAt?.toISOString() ?? null,
    closedAt: standing.closedAt?.toISOString() ?? null,
  };
}

/** Whether `action` would still move a request that stands so: contacted only a new one, closed any not closed. */
export function isStillToDo(standing: Pick<SubmissionStanding, 'status'>, action: StaffStatusAction): boolean {
  return action.status === 'contacted' ? standing.status === 'new' : standing.status !== 'closed';
}

/** "already contacted on …" / "already closed on … (outcome)" in `language`: a repeated or stale action's answer. */
export function alreadyMessage(standing: SubmissionStanding, language: Language): string {
  const words = siteCopy('staffAction', language);
  const day = (date: Date | null) =>
    date
      ? new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(date)
      : '';
  if (standing.status === 'closed') {
    const outcome = standing.outcome as SubmissionOutcome | null;
    return fill(words.problems.alreadyClosed, {
      date: day(standing.closedAt),
      outcome: outcome ? words.outcomes[outcome] : '',
    });
  }
  return fill(words.problems.alreadyContacted, { date: day(standing.firstContactAt) });
}

/**
 * docs/product.md §4.10: what a status link names, and the change it makes when the staff member confirms. Opening the
 * page only reads; a repeated or stale click (the request already there or past it) is refused with the date it got
 * there and changes nothing; two clicks at once record one change (SubmissionStatusRepository.apply).
 */
@Injectable()
export class StaffActionsService {
  constructor(
    private readonly links: StaffLinks,
    private readonly statuses: SubmissionStatusRepository,
  ) {}

  async read(token: string, language: Language = DEFAULT_LANGUAGE): Promise<StaffActionReadAnswer> {
    const { submissionId, action } = this.target(token, language);
    const standing = await this.statuses.standing(submissionId);
    if (!standing) throw this.refusal('invalid', language);
    if (!isStillToDo(standing, action)) throw this.already(standing, language);
    return { success: true, request: describeRequest(standing), action };
  }

  async apply(
    token: string,
    language: Language = DEFAULT_LANGUAGE,
    source: Omit<StatusChangeSource, 'via'> = {},
  ): Promise<{ success: true; request: StaffActionRequest }> {
    const { submissionId, action } = this.target(token, language);
    const result = await this.statuses.apply(submissionId, action, { ...source, via: 'link' });
    if (!result) throw this.refusal('invalid', language);
    if (!result.changed) throw this.already(result.standing, language);
    return { success: true, request: describeRequest(result.standing) };
  }

  private target(token: string, language: Language) {
    const target = this.links.verifyStatus(token);
    if ('problem' in target) throw this.refusal(target.problem, language);
    return target;
  }

  private refusal(problem: 'invalid' | 'expired', language: Language): StaffActionRefusedError {
    const status = problem === 'expired' ? HttpStatus.GONE : HttpStatus.FORBIDDEN;
    return new StaffActionRefusedError(status, siteCopy('staffAction', language).problems[problem], problem);
  }

  private already(standing: SubmissionStanding, language: Language): StaffActionRefusedError {
    return new StaffActionRefusedError(
      HttpStatus.CONFLICT,
      alreadyMessage(standing, language),
      'already',
      describeRequest(standing),
    );
  }
}

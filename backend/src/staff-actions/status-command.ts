import { SUBMISSION_OUTCOMES, isOutcomeOf, type StaffStatusAction, type SubmissionType } from '@stichting/contracts';

/**
 * The action a staff command asks for (`requests -- status <id> contacted|closed [--outcome …]`), checked against the
 * request's type as the links are (docs/product.md §4.10): closing needs one of the type's outcomes. Returns the
 * action or one sentence saying what is wrong.
 */
export function commandAction(
  type: SubmissionType,
  status: 'contacted' | 'closed',
  outcome: string | undefined,
): StaffStatusAction | { problem: string } {
  const allowed = SUBMISSION_OUTCOMES[type].join(', ');
  if (status === 'contacted') {
    return outcome === undefined
      ? { status: 'contacted' }
      : { problem: '--outcome goes with closed only: contacted has no outcome.' };
  }
  if (outcome === undefined) return { problem: `Closing needs --outcome: one of ${allowed} for a ${type}.` };
  if (!isOutcomeOf(type, outcome))
    return { problem: `"${outcome}" is not an outcome of a ${type}: use one of ${allowed}.` };
  return { status: 'closed', outcome };
}

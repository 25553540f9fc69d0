import { SUBMISSION_TYPES, type SubmissionType } from '@stichting/contracts';
import { addDutchBusinessDays, dutchDay, type CalendarDay } from '../common/dutch-business-days';

/**
 * docs/product.md §4.10.1: the answer time the site promises each kind of request, in Dutch business days counted from
 * the day it arrived (a volunteer application and a contact message within three, a family asking for help within one).
 */
export const PROMISED_BUSINESS_DAYS: Readonly<Record<SubmissionType, number>> = {
  volunteer: 3,
  'help-request': 1,
  contact: 3,
};

/** The last day a request that arrived on `arrival` may be answered on: its promise runs out at the end of it. */
export function promisedBy(type: SubmissionType, arrival: CalendarDay): CalendarDay {
  return addDutchBusinessDays(arrival, PROMISED_BUSINESS_DAYS[type]);
}

/** Whether a request of `type` that arrived at `createdAt` and is still new waits past its promise on `today`. */
export function isOverdue(type: SubmissionType, createdAt: Date, today: CalendarDay): boolean {
  return promisedBy(type, dutchDay(createdAt)) < today;
}

const previousDay = (day: CalendarDay): CalendarDay =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);

/**
 * The first arrival day whose requests are not yet overdue on `today`: every request of `type` that arrived before
 * this day (in Dutch time) and is still new waits past its promise. The promised day never moves back for a later
 * arrival, so one cut-off per type turns the rule into an indexed `created_at <` query, however many requests wait.
 */
export function overdueBefore(type: SubmissionType, today: CalendarDay): CalendarDay {
  let day = today;
  // A promise of n business days runs out at most n + 12 calendar days after arrival (Easter, Christmas): bounded.
  while (promisedBy(type, previousDay(day)) >= today) day = previousDay(day);
  return day;
}

/** The cut-off of every type on `today` (overdueBefore). */
export function overdueCutoffs(today: CalendarDay): Record<SubmissionType, CalendarDay> {
  return Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, overdueBefore(type, today)])) as Record<
    SubmissionType,
    CalendarDay
  >;
}

/** The instant a Dutch calendar day begins (midnight in Amsterdam, 22:00 or 23:00 UTC the day before). */
export function startOfDutchDay(day: CalendarDay): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(midnightUtc - offsetHours * 3_600_000);
    if (dutchDay(candidate) === day && dutchDay(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  throw new RangeError(`no start found for ${day}`);
}

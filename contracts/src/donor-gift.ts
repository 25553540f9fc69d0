import type { DonorLinkProblem } from './donor-links';
import type { Language } from './languages';
import { PERIODIC_END_CLAUSES, type PeriodicEndClause } from './periodic-gift';

/**
 * docs/product.md §7.10: the donor's own page ("My gift"). Every call is a POST carrying the manage link's token (a GET
 * changes nothing and reads nothing); each action goes to Stripe, and the webhook events that follow update the ledger.
 */
export const DONOR_GIFT_PATHS = {
  read: '/api/donations/gift',
  amount: '/api/donations/gift/amount',
  pause: '/api/donations/gift/pause',
  resume: '/api/donations/gift/resume',
  stop: '/api/donations/gift/stop',
  paymentMethod: '/api/donations/gift/payment-method',
} as const;
export type DonorGiftAction = Exclude<keyof typeof DONOR_GIFT_PATHS, 'read'>;

/** docs/product.md §7.10: a pause lasts one of these numbers of months, then the gift resumes by itself. */
export const GIFT_PAUSE_MONTHS = [1, 2, 3, 6] as const;
export type GiftPauseMonths = (typeof GIFT_PAUSE_MONTHS)[number];

/** docs/product.md §7.10: why a donor stops, one of a short fixed list (optional), kept for staff. */
export const GIFT_STOP_REASONS = ['money', 'other_cause', 'one_off_instead', 'unhappy', 'other'] as const;
export type GiftStopReason = (typeof GIFT_STOP_REASONS)[number];

/**
 * docs/product.md §7.10, §4.9: why a donor stops a periodieke gift before its term ends (asked, not optional). Death
 * and the agreement's own end clauses end it as the agreement says; any other reason is early stopping.
 */
export const PERIODIC_STOP_REASONS = ['death', ...PERIODIC_END_CLAUSES, 'other'] as const;
export type PeriodicStopReason = (typeof PERIODIC_STOP_REASONS)[number];

/** docs/product.md §7.10: the periodieke gift a monthly gift pays, as its page shows it. */
export interface PeriodicGiftTerms {
  /** The agreement's transaction number (PG-…), which the donor enters in their tax return. */
  transactionNumber: string;
  /** The calendar year of the first debit. */
  firstYear: number;
  /** The last calendar year of the term; null: until the donor's death. */
  lastYear: number | null;
  /** The agreement's optional end clauses (the donor's death always ends it). */
  endClauses: PeriodicEndClause[];
  /** ISO date-time the donor stopped it on this page; null while it runs. */
  stoppedAt: string | null;
}

/** What the page shows of a gift's status (docs/product.md §4.2); `open` and `failed` gifts never reach the page. */
export const GIFT_STATUSES = ['pending', 'active', 'past_due', 'paused', 'cancelled'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export interface GiftPayment {
  /** ISO date-time: paid, or for a failed one when Stripe invoiced the month. */
  date: string;
  amountCents: number;
  status: 'paid' | 'failed' | 'refunded' | 'disputed';
}

/** `POST /api/donations/gift` `{token, language}`: the gift as the ledger has it. Dates are ISO date-times. */
export interface DonorGift {
  language: Language;
  amountCents: number;
  status: GiftStatus;
  startedAt: string | null;
  /** Set while paused: when the collection resumes by itself (null: until resumed). */
  pausedUntil: string | null;
  /** Stripe's name of the method of the newest payment (ideal, sepa_debit, card, …). */
  paymentMethodType: string | null;
  /** None while paused or stopped. */
  nextPaymentAt: string | null;
  /** The payments of this calendar year and the last (Dutch time), newest first. */
  payments: GiftPayment[];
  /**
   * Set when the gift pays a periodieke gift (docs/product.md §4.9): its amount is fixed and it cannot be paused, so the
   * page offers neither; null for an ordinary monthly gift (the page links to the periodic gift page instead).
   */
  periodic: PeriodicGiftTerms | null;
}

export type DonorGiftAnswer = { success: true; gift: DonorGift };
/** A refused token: `problem` says which notice the page shows above the "send me a link" form. */
export interface DonorGiftRefusal {
  success: false;
  error: string;
  problem?: DonorLinkProblem;
}

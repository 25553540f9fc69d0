/**
 * Email retry policy as data (docs/architecture.md §10.1, "Retry as data"), applied to the pg-boss queue of submission emails.
 *
 * pg-boss computes the wait after the n-th failed attempt (n = 1, 2, …) as
 *   min(retryDelayMax, retryDelay * (2^min(16, n) / 2) * (1 + random()))
 * so each wait lies between retryDelay * 2^(n-1) and retryDelay * 2^n, capped at retryDelayMax.
 *
 * Defaults (30 s doubling, capped at 1 h, 30 retries): waits of 30-60 s, 1-2 min, 2-4 min, 4-8 min, 8-16 min,
 * 16-32 min, 32-60 min, then 23 waits of exactly 1 h. The last attempt runs between 24.06 h and 25.05 h after
 * the first one (plus the time the attempts themselves take); only then is a delivery marked dead.
 */
export interface MailRetryPolicy {
  /** Wait before the first retry, in whole seconds (pg-boss stores an integer). */
  retryDelaySeconds: number;
  /** No wait grows beyond this, in whole seconds. */
  retryDelayMaxSeconds: number;
  /** Retries after the first attempt; attempts in total = retryLimit + 1. */
  retryLimit: number;
}

export const DEFAULT_MAIL_RETRY_POLICY: MailRetryPolicy = {
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 60 * 60,
  retryLimit: 30,
};

/** an accepted form keeps being retried for at least a day before it is given up. */
export const MIN_RETRY_SPAN_SECONDS = 24 * 60 * 60;

/** Shortest and longest time from the first attempt to the last one, by pg-boss's backoff formula. */
export function retrySpanSeconds(policy: MailRetryPolicy): { min: number; max: number } {
  let min = 0;
  let max = 0;
  const delay = Math.max(policy.retryDelaySeconds, 1);
  for (let failure = 1; failure <= policy.retryLimit; failure++) {
    const base = (delay * 2 ** Math.min(16, failure)) / 2;
    min += Math.min(policy.retryDelayMaxSeconds, base);
    max += Math.min(policy.retryDelayMaxSeconds, base * 2);
  }
  return { min, max };
}

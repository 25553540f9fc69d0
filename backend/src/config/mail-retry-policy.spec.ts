import { DEFAULT_MAIL_RETRY_POLICY, MIN_RETRY_SPAN_SECONDS, retrySpanSeconds } from './mail-retry-policy';

const HOUR = 60 * 60;

describe('email retry policy', () => {
  it('keeps an accepted form retried for about a day by default (24.06 h to 25.05 h), never less than the minimum', () => {
    const span = retrySpanSeconds(DEFAULT_MAIL_RETRY_POLICY);
    expect(span.min).toBeGreaterThanOrEqual(MIN_RETRY_SPAN_SECONDS);
    expect(span.min / HOUR).toBeCloseTo(24.06, 1);
    expect(span.max / HOUR).toBeCloseTo(25.05, 1);
  });

  it('doubles from the first delay and stops growing at the cap', () => {
    // 10 s doubling, capped at 60 s, 4 retries: waits 10-20, 20-40, 40-60 (capped), 60-60.
    expect(retrySpanSeconds({ retryDelaySeconds: 10, retryDelayMaxSeconds: 60, retryLimit: 4 })).toEqual({
      min: 10 + 20 + 40 + 60,
      max: 20 + 40 + 60 + 60,
    });
  });

  it('has no span without retries, and treats a zero delay as one second (what pg-boss can store)', () => {
    expect(retrySpanSeconds({ retryDelaySeconds: 30, retryDelayMaxSeconds: HOUR, retryLimit: 0 })).toEqual({
      min: 0,
      max: 0,
    });
    expect(retrySpanSeconds({ retryDelaySeconds: 0, retryDelayMaxSeconds: HOUR, retryLimit: 1 })).toEqual({
      min: 1,
      max: 2,
    });
  });

  it('shows a short test schedule as far below the production minimum', () => {
    const span = retrySpanSeconds({ retryDelaySeconds: 1, retryDelayMaxSeconds: 2, retryLimit: 3 });
    expect(span.max).toBeLessThan(MIN_RETRY_SPAN_SECONDS);
  });
});

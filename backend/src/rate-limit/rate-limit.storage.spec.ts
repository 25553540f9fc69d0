import { SlidingWindowRateLimitStorage } from './rate-limit.storage';

const MINUTE = 60_000;

describe('SlidingWindowRateLimitStorage', () => {
  let now: number;
  let storage: SlidingWindowRateLimitStorage;
  const hit = (key = 'a') => storage.hit(key, 3, MINUTE);

  beforeEach(() => {
    now = 1_000_000;
    storage = new SlidingWindowRateLimitStorage(() => now);
  });

  it('allows the limit, then blocks for a window without counting blocked hits', () => {
    expect([hit(), hit(), hit()]).toEqual([
      { isBlocked: false, totalHits: 1 },
      { isBlocked: false, totalHits: 2 },
      { isBlocked: false, totalHits: 3 },
    ]);
    expect(hit()).toEqual({ isBlocked: true, totalHits: 4 });
    now += 59_999;
    expect(hit()).toEqual({ isBlocked: true, totalHits: 5 });
    now += 1;
    expect(hit()).toEqual({ isBlocked: false, totalHits: 1 });
  });

  it('keeps each key apart', () => {
    for (let i = 0; i < 3; i++) hit('a');
    expect(hit('a').isBlocked).toBe(true);
    expect(hit('b').isBlocked).toBe(false);
  });

  it('counts the previous window by how much of it still overlaps the last minute', () => {
    hit();
    hit();
    hit();
    now += MINUTE + 15_000; // three quarters of the previous window still overlap: 2.25 -> 2 hits
    expect(hit()).toMatchObject({ isBlocked: false, totalHits: 3 });
    expect(hit().isBlocked).toBe(true);
  });

  it('forgets the previous window after two quiet windows', () => {
    hit();
    hit();
    hit();
    now += 2 * MINUTE;
    expect([hit(), hit(), hit()].every((r) => !r.isBlocked)).toBe(true);
  });

  it('forgets idle keys, so memory follows the active addresses', () => {
    for (let i = 0; i < 100; i++) hit(`ip-${i}`);
    expect(storage.size).toBe(100);
    now += 3 * MINUTE;
    hit('fresh');
    expect(storage.size).toBe(1);
  });
});

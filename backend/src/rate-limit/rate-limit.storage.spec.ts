import { MemoryRateLimitStore } from './rate-limit.storage';

const MINUTE = 60_000;

describe('MemoryRateLimitStore (RATE_LIMIT_STORE=memory)', () => {
  let now: number;
  let storage: MemoryRateLimitStore;
  const hit = (key = 'a') => storage.count(key, 3);

  beforeEach(() => {
    now = 1_000_000;
    storage = new MemoryRateLimitStore(MINUTE, () => now);
  });

  it('allows the limit, then blocks for a window without counting blocked hits', () => {
    const allowed = { isBlocked: false, refusals: 0 };
    expect([hit(), hit(), hit()]).toEqual([allowed, allowed, allowed]);
    expect(hit()).toEqual({ isBlocked: true, refusals: 1 });
    now += 59_999;
    expect(hit()).toEqual({ isBlocked: true, refusals: 2 });
    now += 1;
    expect(hit()).toEqual(allowed);
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
    expect(hit().isBlocked).toBe(false);
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

import type { ThrottlerStorage } from '@nestjs/throttler';

/** What ThrottlerGuard expects back for a hit (@nestjs/throttler does not export the type from its root). */
export type RateLimitRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One key's state: accepted hits in this fixed window and the one before it, and a block once over the limit. */
interface RateWindow {
  ttl: number;
  startedAt: number;
  current: number;
  previous: number;
  rejected: number;
  blockedUntil: number;
}

/**
 * Per-key rate limits in this instance's memory with O(1) work and memory per hit: a sliding-window counter (the
 * hits of the current fixed window plus the previous window's hits weighted by how much of it still overlaps the
 * last `ttl`), instead of @nestjs/throttler's default of one timestamp per hit that every request filters.
 *
 * Blocking is @nestjs/throttler's: the first hit over the limit blocks the key for `blockDuration`; hits during the
 * block are refused and not counted; when it ends, the key starts afresh.
 */
export class SlidingWindowRateLimitStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, RateWindow>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<RateLimitRecord> {
    return Promise.resolve(this.hit(`${throttlerName}:${key}`, ttl, limit, blockDuration));
  }

  hit(key: string, ttl: number, limit: number, blockDuration: number): RateLimitRecord {
    const now = this.now();
    if (now >= this.nextSweepAt) this.sweep(now, ttl);
    let window = this.windows.get(key);
    if (!window || (window.blockedUntil !== 0 && now >= window.blockedUntil)) {
      window = { ttl, startedAt: now, current: 0, previous: 0, rejected: 0, blockedUntil: 0 };
      this.windows.set(key, window);
    }
    const elapsed = now - window.startedAt;
    if (elapsed >= ttl) {
      const passed = Math.floor(elapsed / ttl);
      window.previous = passed === 1 ? window.current : 0;
      window.current = 0;
      window.rejected = 0;
      window.startedAt += passed * ttl;
    }
    const timeToExpire = Math.ceil((window.startedAt + ttl - now) / 1000);
    if (window.blockedUntil === 0) {
      const overlap = 1 - (now - window.startedAt) / ttl;
      const hits = Math.floor(window.previous * overlap) + window.current;
      if (hits < limit) {
        window.current++;
        return { totalHits: hits + 1, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
      }
      window.blockedUntil = now + blockDuration;
    }
    window.rejected++;
    return {
      totalHits: limit + window.rejected,
      timeToExpire,
      isBlocked: true,
      timeToBlockExpire: Math.ceil((window.blockedUntil - now) / 1000),
    };
  }

  /** Forgets keys with no hit in the last two windows and no block left (once per window, amortised O(1)). */
  private sweep(now: number, ttl: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= 2 * window.ttl && now >= window.blockedUntil) this.windows.delete(key);
    }
    this.nextSweepAt = now + ttl;
  }

  /** Keys held now (for tests). */
  get size(): number {
    return this.windows.size;
  }
}

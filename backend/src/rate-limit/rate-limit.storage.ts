/** The outcome of one hit: refused or not, and how many hits the key has had in the window (refused ones included). */
export interface RateLimitHit {
  isBlocked: boolean;
  totalHits: number;
}

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
 * last `ttl`), instead of one timestamp per hit that every request would filter (@nestjs/throttler's default).
 *
 * The first hit over the limit blocks the key for one window; hits during the block are refused and not counted;
 * when it ends, the key starts afresh.
 */
export class SlidingWindowRateLimitStorage {
  private readonly windows = new Map<string, RateWindow>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, limit: number, ttl: number): RateLimitHit {
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
    if (window.blockedUntil === 0) {
      const overlap = 1 - (now - window.startedAt) / ttl;
      const hits = Math.floor(window.previous * overlap) + window.current;
      if (hits < limit) {
        window.current++;
        return { isBlocked: false, totalHits: hits + 1 };
      }
      window.blockedUntil = now + ttl;
    }
    window.rejected++;
    return { isBlocked: true, totalHits: limit + window.rejected };
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

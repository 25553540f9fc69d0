/** The outcome of one hit: refused or not, and the how-manieth refusal of the key's block it is (0: allowed). */
export interface RateLimitHit {
  isBlocked: boolean;
  refusals: number;
}

/**
 * Where the per-address limits are counted (RATE_LIMIT_STORE): the semantics below are the same in every store.
 * A sliding-window counter per key (the hits of the current fixed window plus the previous window's hits weighted by
 * how much of it still overlaps the last window, a store's `windowMs`); the first hit over the limit blocks the key
 * for one window; hits during the block are refused and not counted; when it ends, the key starts afresh.
 */
export abstract class RateLimitStore {
  /** One hit of `key`, allowed `limit` hits a window. */
  abstract hit(key: string, limit: number): Promise<RateLimitHit>;
}

/** One key's state: accepted hits in this fixed window and the one before it, and a block once over the limit. */
interface RateWindow {
  startedAt: number;
  current: number;
  previous: number;
  rejected: number;
  blockedUntil: number;
}

/**
 * RATE_LIMIT_STORE=memory: the counters in this process's memory, for a single instance only (N instances would
 * allow N times the limit; docs/architecture.md §9.4). O(1) work and memory per hit, instead of one timestamp per hit
 * that every request would filter (@nestjs/throttler's default).
 */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly windows = new Map<string, RateWindow>();
  private nextSweepAt = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  hit(key: string, limit: number): Promise<RateLimitHit> {
    return Promise.resolve(this.count(key, limit));
  }

  /** The hit itself, synchronous. */
  count(key: string, limit: number): RateLimitHit {
    const ttl = this.windowMs;
    const now = this.now();
    if (now >= this.nextSweepAt) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || (window.blockedUntil !== 0 && now >= window.blockedUntil)) {
      window = { startedAt: now, current: 0, previous: 0, rejected: 0, blockedUntil: 0 };
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
        return { isBlocked: false, refusals: 0 };
      }
      window.blockedUntil = now + ttl;
    }
    window.rejected++;
    return { isBlocked: true, refusals: window.rejected };
  }

  /** Forgets keys with no hit in the last two windows and no block left (once per window, amortised O(1)). */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= 2 * this.windowMs && now >= window.blockedUntil) this.windows.delete(key);
    }
    this.nextSweepAt = now + this.windowMs;
  }

  /** Keys held now (for tests). */
  get size(): number {
    return this.windows.size;
  }
}

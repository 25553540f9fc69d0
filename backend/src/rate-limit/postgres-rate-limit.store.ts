import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { PrismaService } from '../database/prisma.service';
import { GroupCommit } from '../queue/group-commit';
import { type RateLimitHit, RateLimitStore } from './rate-limit.storage';

/**
 * The hits of one batch in one statement: PostgreSQL's function `rate_limit_hit` (its migration,
 * 20261125400000_rate_limit_counters, explains each step) applies the memory store's algorithm to every key's hits at
 * once, under the key's row lock, so the batches of any number of instances are counted one after the other; it
 * returns, per key, how many of its hits fitted and the key's refusals so far in its block.
 */
const HIT = `
  SELECT counted_key AS key, allowed_hits AS allowed, total_refusals AS refusals
  FROM rate_limit_hit($1::text[], $2::int[], $3::int[], $4::float8)`;

/** Keys with no hit in the last two windows and no block left count nothing any more: deleted once a window. */
const SWEEP = `
  DELETE FROM rate_limit_counters
  WHERE window_started_at < clock_timestamp() - 2 * make_interval(secs => $1::float8)
    AND (blocked_until IS NULL OR blocked_until <= clock_timestamp())`;

/** After the database failed to count a batch, hits pass uncounted this long before it is asked again. */
export const FAIL_OPEN_MS = 5_000;

/** A count that takes longer than this means the database is in trouble: the hits pass uncounted (fail open). */
export const COUNT_DEADLINE_MS = 1_000;

/** Counting statements at once per process, and hits per statement at most; hits arriving meanwhile share the next. */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 500;

/** Keys are a limit, a route and an address; anything longer (an odd forwarded address) is stored as its hash. */
const MAX_KEY_LENGTH = 200;

const ALLOWED: RateLimitHit = { isBlocked: false, refusals: 0 };

/** A hit waiting for its batch's statement. */
interface PendingHit {
  key: string;
  limit: number;
  resolve: (hit: RateLimitHit) => void;
}

class DeadlineError extends Error {
  override readonly name = 'DeadlineExceeded';
}

/** PostgreSQL's or Prisma's error code (`57P01`, `P2010`), else the error's name: never a message, which may quote a key. */
function errorCode(error: unknown): string {
  const { code, name } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    name?: unknown;
  };
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : 'error';
}

/**
 * RATE_LIMIT_STORE=postgres (the default): the per-address counters live in PostgreSQL, one row per key in the
 * unlogged table `rate_limit_counters`, so every instance counts against the same limit (docs/architecture.md §9.4).
 * Unlogged: no WAL, so a commit does not wait for a disk flush, and a PostgreSQL crash forgets the counters (they are
 * worth a minute). Every process deletes the rows of idle keys once a window, so an address stays in the table at
 * most about three minutes after its last request (docs/privacy.md).
 *
 * Hits that arrive in the same event-loop turn share one statement (the outbox's group commit, docs/architecture.md
 * §4.1), with the same outcome as one statement each in arrival order: under load one row update per address and
 * batch instead of one per request.
 *
 * If PostgreSQL cannot count (down, or slower than COUNT_DEADLINE_MS), the hits pass uncounted and the log says so
 * once; for FAIL_OPEN_MS the database is not asked again. Whatever the request needs from the database then fails by
 * itself (a form answers 503), and a visitor is never refused for the site's own trouble.
 */
export class PostgresRateLimitStore extends RateLimitStore implements OnModuleDestroy {
  private readonly logger = new Logger(PostgresRateLimitStore.name);
  private readonly sweeper: NodeJS.Timeout;
  private readonly batches = new GroupCommit<PendingHit>((hits) => this.count(hits), MAX_IN_FLIGHT, MAX_BATCH);
  private passUntil = 0;

  /**
   * `windowMs`: the window of every limit; an idle key's row is deleted two windows after its last hit.
   * `deadlineMs`: how long a count may take before the hits pass uncounted (tests of the counting itself give it more,
   * so a busy test machine does not turn their hits into passes).
   */
  constructor(
    private readonly prisma: PrismaService,
    private readonly windowMs: number,
    private readonly deadlineMs = COUNT_DEADLINE_MS,
  ) {
    super();
    // A failed sweep is tried again a window later; until then the rows only take a little room.
    this.sweeper = setInterval(() => {
      this.prisma.$executeRawUnsafe(SWEEP, windowMs / 1000).catch(() => undefined);
    }, windowMs).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  hit(key: string, limit: number): Promise<RateLimitHit> {
    if (Date.now() < this.passUntil) return Promise.resolve(ALLOWED);
    const stored = key.length > MAX_KEY_LENGTH ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
    return new Promise((resolve) => {
      // count() never fails (it lets the hits pass instead); should it, the hit passes too.
      this.batches.add({ key: stored, limit, resolve }).catch(() => resolve(ALLOWED));
    });
  }

  /** One statement for the batch; each hit hears its own outcome (all pass if the database failed). */
  private async count(hits: PendingHit[]): Promise<void> {
    const byKey = new Map<string, PendingHit[]>();
    for (const hit of hits) {
      const same = byKey.get(hit.key);
      if (same) same.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    const keys = [...byKey.keys()].sort();
    let rows: Array<{ key: string; allowed: number; refusals: number }> = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      const counted = this.prisma.$queryRawUnsafe<typeof rows>(
        HIT,
        keys,
        keys.map((key) => byKey.get(key)!.length),
        keys.map((key) => byKey.get(key)![0].limit),
        this.windowMs / 1000,
      );
      counted.catch(() => undefined); // a failure after the deadline is no unhandled rejection
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineError()), this.deadlineMs);
      });
      rows = await Promise.race([counted, deadline]);
    } catch (error) {
      this.passUntil = Date.now() + FAIL_OPEN_MS;
      this.logger.warn(
        { reason: errorCode(error), passForMs: FAIL_OPEN_MS },
        'rate limits not counted: PostgreSQL did not answer; requests pass uncounted for a few seconds',
      );
    } finally {
      clearTimeout(timer);
    }
    const outcomes = new Map(rows.map((row) => [row.key, row]));
    for (const [key, waiting] of byKey) {
      const outcome = outcomes.get(key);
      const allowed = outcome ? outcome.allowed : waiting.length;
      // The first `allowed` hits fit; the others are the last refusals of the key's block, in arrival order.
      const firstRefusal = outcome ? outcome.refusals - (waiting.length - allowed) + 1 : 0;
      waiting.forEach(({ resolve }, i) =>
        resolve(i < allowed ? ALLOWED : { isBlocked: true, refusals: firstRefusal + i - allowed }),
      );
    }
  }
}

-- Per-address rate limits counted in PostgreSQL, so every instance shares one limit (docs/architecture.md §9.4):
-- one row per limit, route and address; last_allowed: how many hits of the key's last batch fitted under its limit.
-- UNLOGGED: no WAL, so a hit's commit does not wait for a disk flush; a crash of PostgreSQL empties the table, which
-- forgets at most a minute of counting. Prisma's schema language cannot say UNLOGGED (noted in schema.prisma).
CREATE UNLOGGED TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL,
    "current_hits" INTEGER NOT NULL,
    "previous_hits" INTEGER NOT NULL,
    "refusals" INTEGER NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),
    "last_allowed" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key")
);

-- One batch of hits (rate-limit/postgres-rate-limit.store.ts): for each key (with its hits and limit), the memory store's algorithm
-- (rate-limit.storage.ts) applied to its hits at once, on the key's row, under the row lock that INSERT ... ON CONFLICT
-- DO UPDATE takes, so the batches of any number of instances are counted one after the other. Per key: `b` a block
-- that has ended starts the key afresh; `p` whole windows passed since its window started; `w` the window rolled
-- forward; `d` how many of its `n` hits fit (the previous window weighted by how much of it still overlaps the last
-- window, plus this window's hits, up to the limit; none while blocked). Hits past the limit are refused, not counted,
-- and start a block of one window. The database's clock is the one every instance shares; clock_timestamp() is read
-- once the row lock is held. Rows are locked in key order, so two instances' batches never deadlock. A PL/pgSQL
-- function because it keeps the statement's plan per connection (planning it costs more than running it).
CREATE FUNCTION "rate_limit_hit"(
    batch_keys TEXT[], batch_hits INTEGER[], batch_limits INTEGER[], window_seconds DOUBLE PRECISION
)
RETURNS TABLE (counted_key TEXT, allowed_hits INTEGER, total_refusals INTEGER)
LANGUAGE plpgsql AS $function$
BEGIN
  RETURN QUERY
    WITH batch AS (SELECT * FROM unnest(batch_keys, batch_hits, batch_limits) AS h(key, n, lim))
    INSERT INTO rate_limit_counters AS c
      (key, window_started_at, current_hits, previous_hits, refusals, blocked_until, last_allowed)
    SELECT h.key, clock_timestamp(), least(h.n, h.lim), 0, h.n - least(h.n, h.lim),
           CASE WHEN h.n > h.lim THEN clock_timestamp() + make_interval(secs => window_seconds) END, least(h.n, h.lim)
    FROM batch AS h ORDER BY h.key
    ON CONFLICT ON CONSTRAINT rate_limit_counters_pkey DO UPDATE SET
      (window_started_at, current_hits, previous_hits, refusals, blocked_until, last_allowed) = (
      SELECT w.started_at, w.current_hits + d.allowed, w.previous_hits, w.refusals + h.n - d.allowed,
             CASE WHEN d.allowed < h.n THEN coalesce(w.blocked_until, t.now + t.ttl) END,
             d.allowed
      FROM batch AS h
      CROSS JOIN (SELECT clock_timestamp() AS now, make_interval(secs => window_seconds) AS ttl) AS t
      CROSS JOIN LATERAL (SELECT c.blocked_until IS NOT NULL AND t.now >= c.blocked_until AS ended) AS b
      CROSS JOIN LATERAL (SELECT
          CASE WHEN b.ended THEN t.now ELSE c.window_started_at END AS started_at,
          CASE WHEN b.ended THEN 0 ELSE c.current_hits END AS current_hits,
          CASE WHEN b.ended THEN 0 ELSE c.previous_hits END AS previous_hits,
          CASE WHEN b.ended THEN 0 ELSE c.refusals END AS refusals,
          CASE WHEN b.ended THEN NULL ELSE c.blocked_until END AS blocked_until) AS r
      CROSS JOIN LATERAL (
        SELECT greatest(0, floor(extract(epoch FROM t.now - r.started_at) / window_seconds))::int AS passed) AS p
      CROSS JOIN LATERAL (SELECT
          r.started_at + p.passed * t.ttl AS started_at,
          CASE WHEN p.passed = 0 THEN r.current_hits ELSE 0 END AS current_hits,
          CASE p.passed WHEN 0 THEN r.previous_hits WHEN 1 THEN r.current_hits ELSE 0 END AS previous_hits,
          CASE WHEN p.passed = 0 THEN r.refusals ELSE 0 END AS refusals,
          r.blocked_until) AS w
      CROSS JOIN LATERAL (SELECT CASE WHEN w.blocked_until IS NOT NULL THEN 0 ELSE least(h.n, greatest(0, h.lim - (
          floor(w.previous_hits * least(1, 1 - extract(epoch FROM t.now - w.started_at) / window_seconds))
          + w.current_hits)))::int END AS allowed) AS d
      WHERE h.key = c.key
    )
    RETURNING c.key, c.last_allowed, c.refusals;
END
$function$;

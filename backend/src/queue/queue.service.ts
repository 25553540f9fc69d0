import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { PgBoss, fromPrisma, type Db, type PrismaTransactionLike } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { OutboxBatcher } from './outbox.batcher';

/** A parameterised SQL statement ($1, $2, … as node-postgres numbers them). */
export interface Statement {
  text: string;
  values: unknown[];
}

/** A table the outbox writes rows to: its name and the columns each row object carries (both SQL, from code). */
export interface OutboxTarget {
  table: string;
  columns: readonly string[];
}

interface OutboxEntry {
  row: Record<string, unknown>;
  data: object;
}

/**
 * Outbox statements at once; further rows wait for one of them and then go together. Below the pool's size, so the
 * mail worker's delivery-state writes always find a connection.
 */
const OUTBOX_MAX_IN_FLIGHT = 4;
/** Rows per statement at most (a burst of thousands goes as several statements, not one huge one). */
const OUTBOX_MAX_BATCH = 100;

/** `INSERT` of the rows given as one JSON array (`json`, a parameter), missing keys as NULL. */
function rowsInsert(target: OutboxTarget, json: string): string {
  const columns = target.columns.join(', ');
  return `INSERT INTO ${target.table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${target.table}, ${json}::json)`;
}

/**
 * The job queue (pg-boss), living in PostgreSQL's `pgboss` schema next to the data it serves, so a job can be
 * committed in the same transaction as the row it is about (transactional outbox).
 * Domain modules create their queues and workers in their own onApplicationBootstrap via `this.queue.boss`.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  readonly boss: PgBoss;
  /**
   * Connections for the queue's hot paths apart from Prisma's and pg-boss's pools: `insertWithJob` (every form)
   * and `sql` (the mail worker's per-message delivery state).
   */
  private readonly outbox: Pool;
  private readonly combinedStatements = new Map<string, { name: string; text: string } | null>();
  private readonly batchers = new Map<OutboxTarget, Map<string, OutboxBatcher<OutboxEntry>>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.boss = new PgBoss({ connectionString: config.databaseUrl, schema: 'pgboss', max: 5 });
    this.boss.on('error', (error) => this.logger.error({ err: { message: (error as Error).message } }, 'queue error'));
    this.outbox = new Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // Fail fast instead of queueing forever while PostgreSQL is down: the caller answers 503.
      connectionTimeoutMillis: 5000,
      query_timeout: 15000,
    });
    // An idle connection cut by a restart of PostgreSQL: the pool drops it and opens a new one when needed.
    this.outbox.on('error', (error) => this.logger.warn({ code: (error as { code?: string }).code }, 'idle db error'));
  }

  /** Whether this process runs workers (web process by default; `RUN_WORKER=false` leaves it to `npm run worker`). */
  get runsWorkers(): boolean {
    return this.config.runWorker;
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
  }

  /** Graceful: stops fetching, waits for jobs in flight, then closes the pools. */
  async onApplicationShutdown(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 20_000, close: true });
    await this.outbox.end();
  }

  /** One statement on the queue's own pool, without Prisma's per-query overhead (errors are node-postgres's). */
  async sql(text: string, values: unknown[]): Promise<{ rowCount: number }> {
    const { rowCount } = await this.outbox.query(text, values);
    return { rowCount: rowCount ?? 0 };
  }

  /** Enqueue inside a Prisma interactive transaction: the job exists only if the transaction commits. */
  sendInTransaction(tx: PrismaTransactionLike, queue: string, data: object, options: Record<string, unknown> = {}) {
    return this.boss.send(queue, data, { ...options, db: fromPrisma(tx) });
  }

  /**
   * The transactional outbox: stores `row` in `target.table` together with the job pg-boss would insert for
   * `send(queue, data)`, both committed in one statement or neither, and resolves only after that commit.
   *
   * Rows that arrive together under load share that statement (OutboxBatcher: one statement, one commit and one
   * round trip for all of them; a refused batch is retried row by row). The rows go in as one JSON array through
   * `json_populate_recordset`, so one prepared statement serves any batch size; the jobs' SQL is pg-boss's own
   * (captured from `insert` through its `db` option, so the queue's table, its retry and dead-letter settings and
   * every default are exactly pg-boss's), embedded as a second data-modifying CTE. Should pg-boss skip a job (a
   * conflict, e.g. a singleton queue), a division by zero aborts the statement, so a row is never stored without
   * its job. Should pg-boss's SQL not be a plain INSERT (a queue with `notify` wraps it in its own WITH), rows and
   * jobs are written in an explicit transaction instead.
   */
  insertWithJob(target: OutboxTarget, row: Record<string, unknown>, queue: string, data: object): Promise<void> {
    let byQueue = this.batchers.get(target);
    if (!byQueue) this.batchers.set(target, (byQueue = new Map()));
    let batcher = byQueue.get(queue);
    if (!batcher) {
      const store = (entries: OutboxEntry[]) => this.storeWithJobs(target, queue, entries);
      batcher = new OutboxBatcher(store, OUTBOX_MAX_IN_FLIGHT, OUTBOX_MAX_BATCH);
      byQueue.set(queue, batcher);
    }
    return batcher.add({ row, data });
  }

  private async storeWithJobs(target: OutboxTarget, queue: string, entries: OutboxEntry[]): Promise<void> {
    const job = await this.jobStatement(
      queue,
      entries.map(({ data }) => ({ id: randomUUID(), data })),
    );
    const rows = JSON.stringify(entries.map((entry) => entry.row));
    const combined = this.combined(target, job);
    if (combined) {
      await this.outbox.query({ ...combined, values: [...job.values, rows, entries.length] });
      return;
    }
    const client = await this.outbox.connect();
    try {
      await client.query('BEGIN');
      const stored = await client.query(rowsInsert(target, '$1'), [rows]);
      const inserted = await client.query(job.text, job.values);
      if (stored.rowCount !== entries.length || inserted.rows.length !== entries.length) {
        throw new Error(`pg-boss did not insert every ${queue} job`);
      }
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error as Error);
      throw error;
    }
  }

  /**
   * The single statement for a target's rows and pg-boss's job insert, or undefined when pg-boss's SQL cannot be
   * embedded. Built once per target and job text and run as a named prepared statement (PostgreSQL parses and
   * plans it once per connection, not once per batch).
   */
  private combined(target: OutboxTarget, job: Statement): { name: string; text: string } | undefined {
    const key = `${target.table}\u0000${target.columns.join(',')}\u0000${job.values.length}\u0000${job.text}`;
    let entry = this.combinedStatements.get(key);
    if (entry === undefined) {
      if (this.combinedStatements.size > 100) this.combinedStatements.clear();
      if (/^\s*INSERT\s/i.test(job.text)) {
        // The job's parameters first ($1…), then the rows (JSON) and how many there are.
        const rows = `$${job.values.length + 1}`;
        const count = `$${job.values.length + 2}::bigint`;
        const sql = `WITH outbox_row AS (${rowsInsert(target, rows)} RETURNING 1), outbox_job AS (${job.text})
          SELECT 1 / ((SELECT count(*) FROM outbox_row) = ${count} AND (SELECT count(*) FROM outbox_job) = ${count})::int
            AS outbox_complete`;
        entry = { name: `outbox_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, text: sql };
      } else {
        entry = null;
      }
      this.combinedStatements.set(key, entry);
    }
    return entry ?? undefined;
  }

  /** The statement `boss.insert` would run for these jobs (each with its own id, so nothing is left to the database). */
  private async jobStatement(queue: string, jobs: { id: string; data: object }[]): Promise<Statement> {
    let captured: Statement | undefined;
    const recorder: Db = {
      executeSql: (text: string, values: unknown[] = []) => {
        captured ??= { text, values };
        return Promise.resolve({ rows: jobs.map(({ id }) => ({ id })) });
      },
    };
    await this.boss.insert(queue, jobs, { db: recorder, returnId: true });
    if (!captured) throw new Error(`pg-boss sent no statement for the ${queue} jobs`);
    return captured;
  }
}

import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { PgBoss, fromPrisma, type Db, type PrismaTransactionLike, type SendOptions } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** A parameterised SQL statement ($1, $2, … as node-postgres numbers them). */
export interface Statement {
  text: string;
  values: unknown[];
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
   * The transactional outbox in one round trip: `statement` (an INSERT … RETURNING) and the job pg-boss would
   * insert for `send(queue, data, options)` run as ONE SQL statement, so both rows commit together or neither
   * does, and the promise resolves only after that commit. Resolves to the statement's rows.
   *
   * The job's SQL is pg-boss's own (captured from `send` through its `db` option, so the queue's table, its
   * retry and dead-letter settings and every default are exactly what `send` uses); it is embedded as a second
   * data-modifying CTE. Should pg-boss skip the job (a conflict, e.g. a singleton queue), a division by zero
   * aborts the statement, so a row is never stored without its job. Should pg-boss's SQL not be a plain INSERT
   * (a queue with `notify` wraps it in its own WITH), the two run in an explicit transaction instead.
   */
  async insertWithJob<Row extends object>(
    statement: Statement,
    queue: string,
    data: object,
    options: SendOptions = {},
  ): Promise<Row[]> {
    const job = await this.jobStatement(queue, data, options);
    const combined = this.combined(statement.text, job);
    if (combined) {
      const { rows } = await this.outbox.query<Row & { outbox_job_inserted: number }>({
        ...combined,
        values: [...job.values, ...statement.values],
      });
      return rows.map(({ outbox_job_inserted: _, ...row }) => row as unknown as Row);
    }
    const client = await this.outbox.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<Row>(statement.text, statement.values);
      const inserted = await client.query(job.text, job.values);
      if (inserted.rows.length !== 1) throw new Error(`pg-boss did not insert the ${queue} job`);
      await client.query('COMMIT');
      client.release();
      return rows;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error as Error);
      throw error;
    }
  }

  /**
   * The single statement for a caller's statement and pg-boss's job insert, or undefined when pg-boss's SQL cannot
   * be embedded. Built once per pair of texts and run as a named prepared statement (PostgreSQL parses and plans
   * it once per connection, not once per form).
   */
  private combined(text: string, job: Statement): { name: string; text: string } | undefined {
    const key = `${text}\u0000${job.values.length}\u0000${job.text}`;
    let entry = this.combinedStatements.get(key);
    if (entry === undefined) {
      if (this.combinedStatements.size > 100) this.combinedStatements.clear();
      if (/^\s*INSERT\s/i.test(job.text)) {
        // The job's parameters first ($1…), the caller's statement renumbered after them.
        const shift = job.values.length;
        const renumbered = text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
        const sql = `WITH outbox_row AS (${renumbered}), outbox_job AS (${job.text})
          SELECT outbox_row.*, 1 / (SELECT count(*)::int FROM outbox_job) AS outbox_job_inserted FROM outbox_row`;
        entry = { name: `outbox_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, text: sql };
      } else {
        entry = null;
      }
      this.combinedStatements.set(key, entry);
    }
    return entry ?? undefined;
  }

  /** The statement `boss.send` would run for this job (with its own id, so nothing is left to the database). */
  private async jobStatement(queue: string, data: object, options: SendOptions): Promise<Statement> {
    let captured: Statement | undefined;
    const id = options.id ?? randomUUID();
    const recorder: Db = {
      executeSql: (text: string, values: unknown[] = []) => {
        captured ??= { text, values };
        return Promise.resolve({ rows: [{ id }] });
      },
    };
    await this.boss.send(queue, data, { ...options, id, db: recorder });
    if (!captured) throw new Error(`pg-boss sent no statement for the ${queue} job`);
    return captured;
  }
}

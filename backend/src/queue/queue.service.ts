import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PgBoss, fromPrisma, type JobInsert, type PrismaTransactionLike, type SendOptions } from 'pg-boss';
import type { AppConfig, DatabaseConfig } from '../config/app-config';
import { APP_CONFIG, DATABASE_CONFIG } from '../config/config.module';

/**
 * The job queue (pg-boss), living in PostgreSQL's `pgboss` schema next to the data it serves, so a job can be
 * committed in the same transaction as the row it is about (the transactional outbox: docs/architecture.md §4.1).
 *
 * Everything goes through pg-boss's documented API: `send` / `insert` with the `db` option set to the caller's
 * Prisma transaction (`fromPrisma`, shipped by pg-boss) for the outbox, `createQueue` / `work` for the workers, which
 * domain modules set up in their own onApplicationBootstrap through `this.queue.boss`.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  readonly boss: PgBoss;

  /**
   * Whether this process runs workers: the web process by default (`RUN_WORKER=false` leaves them to `npm run worker`),
   * never a staff command, whose context has no APP_CONFIG.
   */
  readonly runsWorkers: boolean;

  constructor(@Inject(DATABASE_CONFIG) database: DatabaseConfig, @Optional() @Inject(APP_CONFIG) config?: AppConfig) {
    this.runsWorkers = config?.runWorker ?? false;
    // docs/architecture.md §5.4: pg-boss's own pool, the second of the process.
    this.boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: database.queuePoolSize });
    this.boss.on('error', (error) => this.logger.error({ err: { message: error.message } }, 'queue error'));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
  }

  /** Graceful: stops fetching, waits for jobs in flight, then closes pg-boss's pool. */
  async onApplicationShutdown(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 20_000, close: true });
  }

  /**
   * A scheduled job, where this process runs workers: its queue, its cron schedule (pg-boss keeps one per queue in
   * the database, so several instances run it once) and the worker that does `work` when the time comes.
   */
  async scheduleWork(queue: string, cron: string, timeZone: string, work: () => Promise<void>): Promise<void> {
    if (!this.runsWorkers) return;
    await this.boss.createQueue(queue);
    await this.boss.schedule(queue, cron, null, { tz: timeZone });
    await this.boss.work(queue, async () => {
      await work();
    });
  }

  /**
   * Enqueues a job inside a Prisma interactive transaction: the job exists only if the transaction commits, and
   * the transaction fails (rolls back) if pg-boss does not create the job, so a row is never kept without it.
   */
  async sendInTransaction(
    tx: PrismaTransactionLike,
    queue: string,
    data: object,
    options: Omit<SendOptions, 'db'> = {},
  ): Promise<string> {
    const id = await this.boss.send(queue, data, { ...options, db: fromPrisma(tx) });
    if (id === null) throw new Error(`pg-boss created no ${queue} job`);
    return id;
  }

  /** Like sendInTransaction, for several jobs at once (pg-boss's `insert`); fails unless every job was created. */
  async insertInTransaction(tx: PrismaTransactionLike, queue: string, jobs: JobInsert[]): Promise<void> {
    const ids = await this.boss.insert(queue, jobs, { db: fromPrisma(tx), returnId: true });
    if (ids?.length !== jobs.length)
      throw new Error(`pg-boss created ${ids?.length ?? 0} of ${jobs.length} ${queue} jobs`);
  }
}

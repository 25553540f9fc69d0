import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PgBoss, fromPrisma, type PrismaTransactionLike } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/**
 * The job queue (pg-boss), living in PostgreSQL's `pgboss` schema next to the data it serves, so a job can be
 * committed in the same transaction as the row it is about (transactional outbox).
 * Domain modules create their queues and workers in their own onApplicationBootstrap via `this.queue.boss`.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  readonly boss: PgBoss;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.boss = new PgBoss({ connectionString: config.databaseUrl, schema: 'pgboss', max: 5 });
    this.boss.on('error', (error) => this.logger.error({ err: { message: (error as Error).message } }, 'queue error'));
  }

  /** Whether this process runs workers (web process by default; `RUN_WORKER=false` leaves it to `npm run worker`). */
  get runsWorkers(): boolean {
    return this.config.runWorker;
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
  }

  /** Graceful: stops fetching, waits for jobs in flight, then closes the pool. */
  async onApplicationShutdown(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 20_000, close: true });
  }

  /** Enqueue inside a Prisma interactive transaction: the job exists only if the transaction commits. */
  sendInTransaction(tx: PrismaTransactionLike, queue: string, data: object, options: Record<string, unknown> = {}) {
    return this.boss.send(queue, data, { ...options, db: fromPrisma(tx) });
  }
}

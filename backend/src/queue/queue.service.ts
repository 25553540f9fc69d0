import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PgBoss, fromPrisma, type JobWithMetadata, type PrismaTransactionLike, type QueueOptions } from 'pg-boss';
import type { AppConfig, DatabaseConfig } from '../config/app-config';
import { APP_CONFIG, DATABASE_CONFIG } from '../config/config.module';
import { deadLetterQueue, type JobDefinition, type RetryPolicy } from './job-definition';
import type { JobData, JobRegistry, QueueName } from './jobs';

/** What a job of the queue carries (pg-boss stores it as JSON: an object, or null for a scheduled run). */
type Payload<Name extends QueueName> = JobData<Name> & (object | null);

/** The registry of queues (jobs.ts) this process creates and works: given by QueueModule.forRoot. */
export const JOB_REGISTRY = Symbol('JOB_REGISTRY');

/**
 * Longest one batch may run. A live worker keeps its jobs through heartbeats; a killed one loses them after
 * HEARTBEAT_SECONDS (plus pg-boss's monitor interval, 60 s) and they are retried elsewhere (docs/architecture.md §4.2).
 */
const EXPIRE_IN_SECONDS = 10 * 60;
const HEARTBEAT_SECONDS = 10;
/** Dead letters are a record for staff, kept 30 days. */
const DEAD_LETTER_RETENTION_SECONDS = 60 * 60 * 24 * 30;

/**
 * The job queue (pg-boss), living in PostgreSQL's `pgboss` schema next to the data it serves, so a job can be
 * committed in the same transaction as the row it is about (the transactional outbox: docs/architecture.md §4.1).
 * The only place that talks to pg-boss, through its documented API: at start it creates every queue of the registry
 * (jobs.ts) and, where this process runs workers, schedules and works them; other code sends jobs on a Prisma
 * transaction (`fromPrisma`, shipped by pg-boss) and staff commands read queues and dead letters.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  private readonly boss: PgBoss;

  /**
   * Whether this process works the queues: the web process by default (`RUN_WORKER=false` leaves them to
   * `npm run worker`), never a staff command, whose context has no APP_CONFIG.
   */
  readonly runsWorkers: boolean;

  constructor(
    @Inject(DATABASE_CONFIG) database: DatabaseConfig,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
    @Optional() @Inject(JOB_REGISTRY) private readonly registry?: JobRegistry,
  ) {
    this.runsWorkers = config?.runWorker ?? false;
    // docs/architecture.md §5.4: pg-boss's own pool, the second of the process.
    this.boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: database.queuePoolSize });
    this.boss.on('error', (error) => this.logger.error({ err: { message: error.message } }, 'queue error'));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
  }

  /** Every handler exists now: create the registry's queues, and schedule and work them where this process may. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.registry || !this.config) return;
    for (const [name, definition] of Object.entries(this.registry)) {
      await this.register(name, definition, this.config);
    }
  }

  /** Graceful: stops fetching, waits for jobs in flight, then closes pg-boss's pool. */
  async onApplicationShutdown(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 20_000, close: true });
  }

  private async register(name: string, definition: JobDefinition<never>, config: AppConfig): Promise<void> {
    const options: QueueOptions & { deadLetter?: string } = {
      ...retryOptions(definition.retry, config),
      ...(definition.deleteAfterSeconds === undefined ? {} : { deleteAfterSeconds: definition.deleteAfterSeconds }),
    };
    if (definition.deadLetter) {
      // The dead-letter queue must exist before the queue that names it.
      await this.boss.createQueue(deadLetterQueue(name), { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
      Object.assign(options, { deadLetter: deadLetterQueue(name), expireInSeconds: EXPIRE_IN_SECONDS });
      await this.boss.createQueue(name, { ...options, heartbeatSeconds: HEARTBEAT_SECONDS });
    } else {
      await this.boss.createQueue(name, options);
    }
    // createQueue leaves an existing queue alone: apply a changed retry policy to jobs sent from now on.
    if (Object.keys(options).length > 0) await this.boss.updateQueue(name, options);
    if (!this.runsWorkers) return;
    if (definition.schedule) {
      await this.boss.schedule(name, definition.schedule.cron, null, { tz: definition.schedule.timeZone });
    }
    await this.startWorker(name, definition, config);
  }

  /**
   * Works a queue of the registry in this process from now on: what start does where RUN_WORKER allows, and what a
   * test of a worker started later (a backlog drained) calls.
   */
  async work(queue: QueueName): Promise<void> {
    const definition = this.registry?.[queue];
    if (!definition || !this.config) throw new Error(`${queue} is not a queue this process registered`);
    await this.startWorker(queue, definition, this.config);
  }

  private async startWorker(name: string, definition: JobDefinition<never>, config: AppConfig): Promise<void> {
    const handler = this.moduleRef.get(definition.handler, { strict: false });
    const work = { ...definition.work?.(config), includeMetadata: true as const };
    await this.boss.work(name, work, (jobs: JobWithMetadata<never>[]) => handler.handle(jobs));
  }

  /**
   * Enqueues a job inside a Prisma interactive transaction: the job exists only if the transaction commits, and
   * the transaction fails (rolls back) if pg-boss does not create the job, so a row is never kept without it.
   */
  async sendInTransaction<Name extends QueueName>(
    tx: PrismaTransactionLike,
    queue: Name,
    data: Payload<Name>,
  ): Promise<string> {
    const id = await this.boss.send(queue, data, { db: fromPrisma(tx) });
    if (id === null) throw new Error(`pg-boss created no ${queue} job`);
    return id;
  }

  /** Like sendInTransaction, for several jobs at once (pg-boss's `insert`); fails unless every job was created. */
  async insertInTransaction<Name extends QueueName>(
    tx: PrismaTransactionLike,
    queue: Name,
    jobs: Array<JobData<Name> & object>,
  ): Promise<void> {
    const ids = await this.boss.insert(
      queue,
      jobs.map((data) => ({ data })),
      { db: fromPrisma(tx), returnId: true },
    );
    if (ids?.length !== jobs.length)
      throw new Error(`pg-boss created ${ids?.length ?? 0} of ${jobs.length} ${queue} jobs`);
  }

  /** Enqueues a job on its own (no row to commit it with). */
  async send<Name extends QueueName>(queue: Name, data: Payload<Name>): Promise<void> {
    if ((await this.boss.send(queue, data)) === null) throw new Error(`pg-boss created no ${queue} job`);
  }

  /** Whether the queue was created (by the web process or the worker at their start). */
  async exists(queue: QueueName): Promise<boolean> {
    return (await this.boss.getQueue(queue)) !== null;
  }

  /** The dead letters of a queue still kept (docs/architecture.md §4.5), with their payloads. */
  async deadLetters<Name extends QueueName>(queue: Name): Promise<Array<{ id: string; data: JobData<Name> }>> {
    return this.boss.findJobs<JobData<Name>>(deadLetterQueue(queue), { queued: true });
  }

  async deleteDeadLetters(queue: QueueName, ids: string[]): Promise<void> {
    if (ids.length > 0) await this.boss.deleteJob(deadLetterQueue(queue), ids);
  }
}

function retryOptions(retry: RetryPolicy | undefined, config: AppConfig): QueueOptions {
  if (retry === undefined) return {};
  if (retry !== 'mail') return retry;
  const policy = config.mail.retry;
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: policy.retryDelayMaxSeconds,
  };
}

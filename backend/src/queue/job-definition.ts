import type { Type } from '@nestjs/common';
import type { JobResult, JobWithMetadata, QueueOptions, WorkOptions } from 'pg-boss';
import type { AppConfig } from '../config/app-config';

/**
 * Does the work of one queue. `handle` gets the batch pg-boss fetched (one job unless the queue's work options ask for
 * more) and returns one result per job when its options say `perJobResults`; otherwise a throw fails the batch and
 * pg-boss retries it by the queue's retry policy.
 */
export interface JobHandler<Data> {
  handle(jobs: JobWithMetadata<Data>[]): Promise<JobResult[] | void>;
}

/** How often a failed job is tried again: the mail retry policy (MAIL_RETRY_*, docs/architecture.md §4.4) or fixed. */
export type RetryPolicy = 'mail' | Pick<QueueOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff'>;

/** One queue of the registry (jobs.ts). */
export interface JobDefinition<Data> {
  /** The Nest provider that works the queue; its module must be loaded where the queue is worked. */
  handler: Type<JobHandler<Data>>;
  retry?: RetryPolicy;
  /** Jobs that used up their retries (or were refused for good) are moved to `<name>-dead` and kept 30 days. */
  deadLetter?: true;
  /** How long a finished job is kept (pg-boss's default: 7 days). */
  deleteAfterSeconds?: number;
  /** Runs on a cron schedule in a time zone; pg-boss keeps one schedule per queue, so it runs once however many work it. */
  schedule?: { cron: string; timeZone: string };
  /** pg-boss work options beyond the defaults (one job per fetch, polled every 2 s). */
  work?: (config: AppConfig) => WorkOptions;
}

/** The payload type of a definition, read from its handler. */
export type PayloadOf<Definition> = Definition extends { handler: Type<JobHandler<infer Data>> } ? Data : never;

/** Where a queue's dead letters go. */
export const deadLetterQueue = (name: string): string => `${name}-dead`;

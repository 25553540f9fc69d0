import { DonationReconciliationJob } from '../donations/reconciliation/donation-reconciliation.job';
import { DonorEmailJob } from '../donor-email/donor-email.job';
import { ManageLinkRequestJob } from '../donor-email/manage-link-request.job';
import { StatementsJob } from '../donor-email/statements.job';
import { SubmissionEmailJob } from '../mail/submission-email.job';
import { AgreementEmailJob } from '../periodic-gift/agreement-email.job';
import { RetentionJob } from '../retention/retention.job';
import { StaffOverviewJob } from '../staff-overview/staff-overview.job';
import type { JobDefinition, PayloadOf } from './job-definition';

const AMSTERDAM = 'Europe/Amsterdam';

/**
 * Every queue of the site, in one place (docs/architecture.md §4.9): its name, payload (the handler's), retry policy,
 * dead letters, schedule and handler. QueueService creates each queue in the web process and the worker, and works
 * it where RUN_WORKER allows. To add a job: a handler class in its domain module, and one entry here.
 */
export const JOBS = {
  /** A form's staff notification and confirmation (docs/architecture.md §4). */
  'submission-email': {
    handler: SubmissionEmailJob,
    retry: 'mail',
    deadLetter: true,
    work: ({ mail }) => ({
      batchSize: mail.batchSize,
      localConcurrency: mail.workerConcurrency,
      includeMetadata: true,
      perJobResults: true,
      pollingIntervalSeconds: 1,
      burstWhenBatchFull: true,
    }),
  },
  /** A donor email decided by the ledger, a statement or a link request (docs/architecture.md §4.7). */
  'donor-email': {
    handler: DonorEmailJob,
    retry: 'mail',
    deadLetter: true,
    work: ({ mail }) => ({
      batchSize: mail.batchSize,
      includeMetadata: true,
      perJobResults: true,
      pollingIntervalSeconds: 1,
    }),
  },
  /** A periodieke gift's email: verify, co-sign, countersign, the signed agreement (docs/product.md §7.12). */
  'agreement-email': {
    handler: AgreementEmailJob,
    retry: 'mail',
    deadLetter: true,
    work: ({ mail }) => ({
      batchSize: mail.batchSize,
      includeMetadata: true,
      perJobResults: true,
      pollingIntervalSeconds: 1,
    }),
  },
  /** "Send me a link" (docs/product.md §7.11): the typed address stays in the queue an hour at most. */
  'donor-link-request': {
    handler: ManageLinkRequestJob,
    retry: { retryLimit: 3, retryDelay: 30 },
    deleteAfterSeconds: 60 * 60,
    work: () => ({ pollingIntervalSeconds: 1 }),
  },
  /** The retention periods (docs/privacy.md), daily at 03:30, when nobody fills in forms. */
  'retention-purge': { handler: RetentionJob, schedule: { cron: '30 3 * * *', timeZone: AMSTERDAM } },
  /**
   * docs/product.md §4.10.1: the overview of requests waiting past their promised answer time, at 08:30 every day; it
   * sends nothing on a weekend or a Dutch holiday, nor when nothing waits. Retried like any email, once per day.
   */
  'staff-overview': {
    handler: StaffOverviewJob,
    retry: 'mail',
    schedule: { cron: '30 8 * * *', timeZone: AMSTERDAM },
  },
  /** The ledger against Stripe's event list (docs/architecture.md §3.7), daily at 04:15, after the purge. */
  'donations-reconcile': { handler: DonationReconciliationJob, schedule: { cron: '15 4 * * *', timeZone: AMSTERDAM } },
  /**
   * Yearly statements (docs/product.md §7.9), on 15 January at 09:00 for the year that just ended: SEPA debits of late
   * December are confirmed (or reversed) by then, so the statement counts what the ledger knows at that moment.
   */
  'donor-statements': { handler: StatementsJob, schedule: { cron: '0 9 15 1 *', timeZone: AMSTERDAM } },
} satisfies Record<string, JobDefinition<never>>;

export type JobRegistry = Record<string, JobDefinition<never>>;
export type QueueName = keyof typeof JOBS;
export type JobData<Name extends QueueName> = PayloadOf<(typeof JOBS)[Name]>;

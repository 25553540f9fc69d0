import type { Logger } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { isDatabaseUnavailable } from '../common/api-error';
import type { EmailStatus } from '../generated/prisma/enums';
import { describeSmtpError, isPermanentSmtpError, type MailTransport, type OutgoingMail } from './mail.transport';

/** What an outbox row's delivery writes: its status and last error, and when SMTP accepted it. */
export interface DeliveryUpdate {
  status: EmailStatus;
  lastError: string | null;
  sentAt?: Date;
}

/**
 * What both email outboxes share (form emails and donor emails, docs/architecture.md §4): the claim of a job while it
 * is sent, recording what SMTP accepted, and the bookkeeping of a failed attempt. Their queues, retry policy and dead
 * letters are declared in queue/jobs.ts.
 */

/**
 * Once SMTP has accepted a message, recording that keeps trying through a database outage this long: a failed
 * record would make the retry send the message again (before this, every message in flight when PostgreSQL restarted
 * was delivered twice).
 */
const RECORD_RETRY_MS = 60_000;
/** `<id.kind@example.org>`: the same for every attempt, so a repeat is recognisable downstream. */
export function messageIdFor(id: string, kind: string, mailFrom: string): string {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim() || 'localhost';
  return `<${id}.${kind}@${domain}>`;
}

/** A database error's code (Prisma's `P2024`, PostgreSQL's `57P01`), or its name: never its message, which may quote values. */
export function databaseErrorCode(error: unknown): string {
  const { code, name } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    name?: unknown;
  };
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return typeof name === 'string' ? name : 'error';
}

export class ClaimLostError extends Error {
  constructor() {
    super('the job was taken over by another attempt');
  }
}

/** Sends one message for a job, unless pg-boss has aborted the job's claim (expired and retried elsewhere). */
export async function sendForJob(transport: MailTransport, job: JobWithMetadata, mail: OutgoingMail): Promise<void> {
  if (job.signal?.aborted) throw new ClaimLostError();
  await transport.send(mail);
}

/**
 * Writes what SMTP has accepted, retrying while PostgreSQL is unreachable (for at most RECORD_RETRY_MS): a lost
 * write would make the retry send the message again. `write` returns whether it changed the row; false means the
 * row is gone (purged or erased meanwhile), which fails the attempt, and the retry finds it gone.
 */
export async function recordSent(write: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + RECORD_RETRY_MS;
  for (;;) {
    try {
      if (!(await write())) throw Object.assign(new Error('the row is gone'), { code: 'P2025' });
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Where a failed attempt was: sending a message (named by its kind) or reading and writing the row. */
export type AttemptStage = 'database' | 'smtp' | 'staff' | 'confirmation';

/**
 * The one way an email attempt fails (docs/architecture.md §4.4, §4.5): a permanent SMTP refusal or the last retry
 * makes it `dead` (a permanent refusal goes to the dead letters at once), anything else `retrying`; the row gets the
 * status and a reason without personal data (a database error only by its code), a warning is logged, and the result
 * tells pg-boss what to do with the job. `record` writes the row; if that fails too, it is logged and pg-boss retries.
 */
export async function failedAttempt(options: {
  job: JobWithMetadata;
  stage: AttemptStage;
  error: unknown;
  logger: Logger;
  /** What the log line names: `{ submissionId }` or `{ donorEmailId }`. */
  subject: Record<string, string>;
  label: string;
  record: (status: EmailStatus, lastError: string) => Promise<unknown>;
}): Promise<JobResult> {
  const { job, stage, error, logger, subject, label } = options;
  if (error instanceof ClaimLostError) return { id: job.id, status: 'failed', output: { error: error.message } };
  const permanent = stage !== 'database' && isPermanentSmtpError(error);
  const status: EmailStatus = permanent || job.retryCount >= job.retryLimit ? 'dead' : 'retrying';
  // Codes only for database errors: Prisma's messages may quote the values of a query.
  const lastError = `${stage}: ${stage === 'database' ? databaseErrorCode(error) : describeSmtpError(error)}`;
  logger.warn({ ...subject, attempt: job.retryCount + 1, status, error: lastError }, `${label} attempt failed`);
  await options
    .record(status, lastError)
    .catch((updateError: unknown) =>
      logger.error({ ...subject, code: databaseErrorCode(updateError) }, 'could not record the email failure'),
    );
  return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { error: lastError } };
}

/**
 * One attempt of an outbox email whose row says what to send (donor emails, agreement emails): the row is claimed
 * while not yet sent, composed, sent, and marked sent as soon as SMTP accepts it, so a retried job never sends it
 * twice. A row gone or sent is skipped; a row without an address is dead at once (docs/product.md §7.9: only the
 * address on record is written to). Never throws: the result tells pg-boss to complete, retry or dead-letter the job.
 */
export async function deliverOutboxEmail<Row>(options: {
  job: JobWithMetadata;
  transport: MailTransport;
  logger: Logger;
  /** What the log line names: `{ donorEmailId }`, `{ agreementEmailId }`. */
  subject: Record<string, string>;
  label: string;
  /** Marks the row `sending` and counts the attempt, unless it was sent; undefined when sent or gone. */
  claim: () => Promise<Row | undefined>;
  /** The message, or null when the row has no address to write to. */
  compose: (row: Row) => Promise<OutgoingMail | null>;
  /** Writes the row's delivery state; false when the row is gone. */
  update: (data: DeliveryUpdate) => Promise<boolean>;
}): Promise<JobResult> {
  const { job, update } = options;
  let stage: AttemptStage = 'database';
  try {
    const row = await options.claim();
    if (!row) return { id: job.id, status: 'completed', output: { skipped: 'sent or gone' } };
    const mail = await options.compose(row);
    if (!mail) {
      await update({ status: 'dead', lastError: 'no address on record' });
      return { id: job.id, status: 'completed', output: { skipped: 'no address on record' } };
    }
    stage = 'smtp';
    await sendForJob(options.transport, job, mail);
    stage = 'database';
    await recordSent(() => update({ status: 'sent', sentAt: new Date(), lastError: null }));
    return { id: job.id, status: 'completed' };
  } catch (error) {
    return failedAttempt({
      job,
      stage,
      error,
      logger: options.logger,
      subject: options.subject,
      label: options.label,
      record: (status, lastError) => update({ status, lastError }),
    });
  }
}

import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { isDatabaseUnavailable } from '../common/api-error';
import type { MailRetryPolicy } from '../config/mail-retry-policy';
import type { MailTransport, OutgoingMail } from './mail.transport';

/**
 * What every email queue shares (form emails and donor emails, docs/architecture.md §4): the retry policy, the
 * dead-letter queue, the claim of a job while it is sent, and recording what SMTP accepted.
 */

/**
 * Longest one batch may run. A live worker keeps its jobs through heartbeats; a killed one loses them after
 * HEARTBEAT_SECONDS (plus pg-boss's monitor interval, 60 s) and they are retried elsewhere.
 */
const EXPIRE_IN_SECONDS = 10 * 60;
const HEARTBEAT_SECONDS = 10;
/**
 * Once SMTP has accepted a message, recording that keeps trying through a database outage this long: a failed
 * record would make the retry send the message again (before this, every message in flight when PostgreSQL restarted
 * was delivered twice).
 */
const RECORD_RETRY_MS = 60_000;
/** Dead letters are a record for staff, kept 30 days. */
const DEAD_LETTER_RETENTION_SECONDS = 60 * 60 * 24 * 30;

/**
 * Creates or updates an email queue and its dead-letter queue with the mail retry policy (docs/architecture.md §4.4);
 * the dead-letter queue must exist before the queue that names it.
 */
export async function ensureEmailQueues(
  boss: PgBoss,
  queue: string,
  deadLetter: string,
  retry: MailRetryPolicy,
): Promise<void> {
  const options = {
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.retryDelayMaxSeconds,
    expireInSeconds: EXPIRE_IN_SECONDS,
    deadLetter,
  };
  await boss.createQueue(deadLetter, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
  await boss.createQueue(queue, { ...options, heartbeatSeconds: HEARTBEAT_SECONDS });
  // createQueue leaves an existing queue alone: apply a changed retry policy to jobs sent from now on.
  await boss.updateQueue(queue, options);
}

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

import { DEFAULT_MAIL_RETRY_POLICY } from './mail-retry-policy';

/**
 * Values with no operator decision behind them: sized once for this site (bodies of at most 256 KB, a few hundred
 * forms a day, one SMTP server) and fixed in code, where a change is reviewed and tested. The ones a test needs to
 * shorten have a test-only setting in settings.ts, which production refuses.
 */

/**
 * The HTTP server's connection limits (common/http-limits.ts). 10 s for the headers and 30 s for the whole request
 * cut off slow-sending clients long before they tie up the process, yet are far above what a 256 KB body needs on a
 * slow mobile line. 256 open connections are several times a busy minute of this site; further ones are closed at
 * once. The kept-alive idle time is an operator setting (HTTP_KEEP_ALIVE_TIMEOUT_MS): it must suit the proxy in front.
 */
export const HTTP_LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 256 } as const;

/**
 * What one client may hold of those connections (common/http-limits.ts, docs/architecture.md §7.8).
 * - connectionsPerClient, 64: counted per IPv4 address or IPv6 /64, and only when the app faces clients directly
 *   (behind a trusted proxy the proxy shares out its own connections). A browser opens at most 6 connections to a
 *   site, so 64 leaves room for a school or office behind one address (and for the 50 connections of
 *   `npm run bench`), while one address can never hold more than a quarter of the 256: at least three quarters
 *   always stay for everyone else.
 * - bodyDeadlineMs, 10 s from the end of the headers (never more than the whole request's 30 s): a form (16 KB at
 *   most) needs 2 KB/s for it, a 128 KB crash report 13 KB/s and Stripe's 256 KB webhook, sent from a data centre,
 *   26 KB/s; a client that drips its body is cut off a third of the way into the request deadline.
 */
export const HTTP_CLIENT_LIMITS = { connectionsPerClient: 64, bodyDeadlineMs: 10_000 } as const;

/**
 * Throughput of the email worker. 20 jobs a fetch and 4 workers a process drain a burst of a few hundred forms in
 * seconds; 5 SMTP connections is what common mail providers allow one client without throttling.
 */
export const MAIL_THROUGHPUT = { batchSize: 20, workerConcurrency: 4, poolConnections: 5 } as const;

/**
 * Caps on stored browser crash reports (anyone can send them), counted over every instance: 300 new errors an hour
 * is far above a healthy site's rate yet keeps a flood from filling the table; 10,000 rows are read in one export.
 */
export const ERROR_REPORT_CAPS = { perHour: 300, maxRows: 10_000 } as const;

/**
 * Connections per pool of a web or worker process: a burst of forms (4 transactions at once), the mail worker
 * (4 batches at once), the readiness check and the caps, with room to spare; pg-boss fetches and completes jobs.
 */
export const SERVER_POOLS = { poolSize: 10, queuePoolSize: 4 } as const;
/** A staff command runs one transaction at a time; pg-boss is started only by `mail retry`. */
export const COMMAND_POOLS = { poolSize: 2, queuePoolSize: 2 } as const;

/** A value that used to be read from the environment and is now fixed: for docs/configuration.md's upgrade note. */
export interface FixedValue {
  variable: string;
  value: number;
  /** Whether tests may still set it (outside production). */
  testOnly: boolean;
}

/** Every former setting now fixed in code, with its value (docs/configuration.md, "Removed settings"). */
export const FORMER_SETTINGS: readonly FixedValue[] = [
  { variable: 'HTTP_HEADERS_TIMEOUT_MS', value: HTTP_LIMITS.headersTimeoutMs, testOnly: true },
  { variable: 'HTTP_REQUEST_TIMEOUT_MS', value: HTTP_LIMITS.requestTimeoutMs, testOnly: true },
  { variable: 'HTTP_MAX_CONNECTIONS', value: HTTP_LIMITS.maxConnections, testOnly: true },
  { variable: 'ERROR_REPORTS_PER_HOUR', value: ERROR_REPORT_CAPS.perHour, testOnly: true },
  { variable: 'ERROR_REPORTS_MAX_ROWS', value: ERROR_REPORT_CAPS.maxRows, testOnly: true },
  { variable: 'MAIL_RETRY_DELAY_SECONDS', value: DEFAULT_MAIL_RETRY_POLICY.retryDelaySeconds, testOnly: true },
  { variable: 'MAIL_RETRY_DELAY_MAX_SECONDS', value: DEFAULT_MAIL_RETRY_POLICY.retryDelayMaxSeconds, testOnly: true },
  { variable: 'MAIL_RETRY_LIMIT', value: DEFAULT_MAIL_RETRY_POLICY.retryLimit, testOnly: true },
  { variable: 'MAIL_BATCH_SIZE', value: MAIL_THROUGHPUT.batchSize, testOnly: true },
  { variable: 'MAIL_WORKER_CONCURRENCY', value: MAIL_THROUGHPUT.workerConcurrency, testOnly: false },
  { variable: 'MAIL_POOL_CONNECTIONS', value: MAIL_THROUGHPUT.poolConnections, testOnly: false },
];

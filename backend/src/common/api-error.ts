import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldErrorCode } from '@stichting/contracts';

/**
 * The one error shape of the API: `{success:false, error, fields?, codes?}`. `fields` holds an English message per
 * refused field; `codes` the same keys with a stable code (contracts FIELD_ERROR_CODES) that a page turns into its
 * own language.
 */
export interface ApiErrorBody {
  success: false;
  error: string;
  fields?: Record<string, string>;
  codes?: Record<string, FieldErrorCode>;
}

export interface FieldErrors {
  fields: Record<string, string>;
  codes: Record<string, FieldErrorCode>;
}

export class ApiError extends HttpException {
  constructor(status: HttpStatus, message: string, fieldErrors?: FieldErrors) {
    const body: ApiErrorBody = { success: false, error: message, ...fieldErrors };
    super(body, status);
  }
}

export class DatabaseUnavailableError extends ApiError {
  constructor() {
    super(
      HttpStatus.SERVICE_UNAVAILABLE,
      'The service is temporarily unavailable. Nothing was saved; please try again in a few minutes.',
    );
  }
}

/** A client over one of the per-address limits (rate-limit/, checkout/); the filter adds `Retry-After: 60`. */
export class TooManyRequestsError extends ApiError {
  constructor() {
    super(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests. Please wait a moment and try again.');
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'P1001', // Prisma: can't reach database server
  'P1002', // timed out
  'P1017', // server closed the connection
  'P2024', // timed out fetching a connection from the pool
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/**
 * Messages of errors that carry no code: node-postgres's own (a client whose connection broke, a connect that timed
 * out) and Prisma's for a transaction that could not start, or was closed under it, while the server was away.
 */
const UNAVAILABLE_TEXT = new RegExp(
  [
    'ECONNREFUSED',
    'Connection terminated',
    'connection timeout',
    'timeout exceeded when trying to connect',
    'timeout expired',
    'is not queryable',
    'terminating connection',
    "Can't reach database",
    'DatabaseNotReachable',
    'Server has closed the connection',
    'the database system is (starting up|shutting down|in recovery mode)',
    'Query read timeout',
    'Unable to start a transaction in the given time',
    'Transaction already closed',
  ].join('|'),
  'i',
);

/** True when an error means PostgreSQL cannot be reached right now (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (typeof candidate.originalCode === 'string' && UNAVAILABLE_CODES.has(candidate.originalCode)) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_TEXT.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

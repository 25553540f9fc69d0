import type { Params } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { AppConfig } from '../config/app-config';

/**
 * Personal data never reaches the logs: request bodies are never logged, and these fields are blanked wherever
 * they appear in a logged object (a form's data, a mail's addressees). `name` and `message` are not among them:
 * those keys belong to logged errors, whose name and message are what an operator needs.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  '*.email',
  '*.phone',
  '*.subject',
  '*.motivation',
  '*.experience',
  '*.description',
  '*.referrerName',
  '*.referrerEmail',
  '*.formData',
  '*.to',
  '*.replyTo',
];

/** A logged path is cut to this many characters (paths over 2 KB are refused anyway, see http-limits.ts). */
export const LOGGED_PATH_MAX = 512;

/** A client's x-request-id is taken as the request id when it is this plain; otherwise one is generated. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The request's path for the log: without the query (which may carry personal data), cut to LOGGED_PATH_MAX. */
export function loggedPath(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > LOGGED_PATH_MAX ? `${path.slice(0, LOGGED_PATH_MAX)}…` : path;
}

/**
 * The access log: one line per request with its id, method, path and status, mounted as the app's first
 * middleware so that every answer is logged, whoever gives it (pages, assets, 403 probes, 413, invalid JSON, 414).
 * Health checks are left out: an orchestrator polls them every few seconds.
 */
export function createAccessLog(config: AppConfig): HttpLogger {
  return pinoHttp({
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    genReqId: requestId,
    autoLogging: { ignore: (request: IncomingMessage) => request.url === '/healthz' || request.url === '/readyz' },
    serializers: {
      req: (request: { id: unknown; method: string; url?: string }) => ({
        id: request.id,
        method: request.method,
        url: loggedPath(request.url),
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  });
}

/**
 * nestjs-pino on the access log's logger: the app's own log lines go to the same pino instance, and inside a
 * request they carry its id. `useExisting`: the request logger comes from the access log (mounted by createApp),
 * not from a second pino-http of nestjs-pino's, which would run only for requests that reach Nest's router.
 */
export function loggerModuleParams(accessLog: HttpLogger): Params {
  return { pinoHttp: { logger: accessLog.logger }, useExisting: true };
}

/**
 * What a log line keeps of an unexpected error: its name, message and code, and the stack's frames (the stack's
 * first line repeats the message).
 */
export function describeError(error: unknown): { name: string; message: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(frames ? { stack: frames } : {}),
  };
}

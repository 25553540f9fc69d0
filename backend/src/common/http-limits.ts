import { HttpStatus } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AppConfig } from '../config/app-config';
import { HTTP_CLIENT_LIMITS } from '../config/tuning';
import { ApiError } from './api-error';

/**
 * The longest request path served. Every page path is under 40 characters; anything far longer is a probe, and
 * refusing it before any per-path work bounds what one request can cost.
 */
export const MAX_PATH_LENGTH = 2048;

/**
 * Answers 414 for a path over MAX_PATH_LENGTH (the query string is not counted): the JSON error under /api, the
 * 404 page with status 414 elsewhere (ApiExceptionFilter). Mounted before anything that looks at the path.
 */
export function refuseLongPaths(request: Request, _response: Response, next: NextFunction): void {
  const query = request.url.indexOf('?');
  const pathLength = query === -1 ? request.url.length : query;
  if (pathLength > MAX_PATH_LENGTH) next(new ApiError(HttpStatus.URI_TOO_LONG, 'The address is too long.'));
  else next();
}

/** How often Node looks for connections past their header or request deadline (it defaults to every 30 s). */
const DEADLINE_CHECK_INTERVAL_MS = 1000;

/**
 * The client a connection is counted for: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4 form),
 * an IPv6 address by its /64 prefix, the smallest block an ISP hands one customer, so a client cannot take a fresh
 * share from every address of its own network (docs/architecture.md §7.8).
 */
export function clientKey(address: string): string {
  const plain = address.split('%')[0].toLowerCase();
  if (!plain.includes(':')) return plain;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1];
  const groups = (part: string) =>
    (part === '' ? [] : part.split(':')).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head, tail] = plain.includes('::') ? plain.split('::') : [plain, undefined];
  const headGroups = groups(head);
  const tailGroups = tail === undefined ? [] : groups(tail);
  const all = [
    ...headGroups,
    ...new Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
    ...tailGroups,
  ];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * A share of the server's connections per client: a connection from a client that already holds `perClient` open
 * ones is destroyed at once, before any HTTP work, so one client can never take the connections other clients need
 * (the server's own cap, maxConnections, is global and refuses whoever comes next). Connections from a trusted proxy
 * (`isProxy`) are not counted: behind a proxy every client arrives through it, and the proxy shares out its own
 * connections (deploy/haproxy/haproxy.cfg; docs/operations.md §12 for an ingress).
 */
export function shareConnectionsPerClient(server: Server, perClient: number, isProxy: (address: string) => boolean) {
  const open = new Map<string, number>();
  // Ahead of the HTTP server's own listener, so a refused connection never gets a parser.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy(); // already gone
      return;
    }
    if (isProxy(address)) return;
    const key = clientKey(address);
    const held = open.get(key) ?? 0;
    if (held >= perClient) {
      socket.destroy();
      return;
    }
    open.set(key, held + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

/**
 * A deadline for a request's body, counted from the end of its headers: a body still incomplete after `deadlineMs`
 * gets 408 (unless an answer has begun) and its connection is closed. Node's requestTimeout bounds headers and body
 * together; this one keeps a client that sends its headers at once and then drips its body from holding the
 * connection for the whole request deadline.
 */
export function limitBodyTime(server: Server, deadlineMs: number): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBody(request)) return;
    const timer = setTimeout(() => {
      if (request.complete) return;
      const socket = request.socket;
      // Only on this request's own connection turn (a pipelined answer before it may still be on its way).
      if (response.socket === socket && !response.headersSent && socket.writable) {
        socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy());
      } else {
        socket.destroy();
      }
    }, deadlineMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.once('end', clear);
    request.once('close', clear);
    response.once('finish', clear);
  });
}

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Nest's Express adapter on a Node server built with the app's connection limits (AppConfig.http): deadlines for
 * a request's headers, its body (HTTP_CLIENT_LIMITS, never longer than the whole request's) and the whole request,
 * the idle time of a kept-alive connection, a cap on open connections (above it, new ones are closed at once) and,
 * within it, a share per client (docs/architecture.md §7.8). Node takes the deadline check interval only as an
 * option of http.createServer, so the adapter builds the server itself. This app uses none of Nest's server options
 * (HTTPS, forced close of connections, 503 while closing).
 */
export class LimitedExpressAdapter extends ExpressAdapter {
  constructor(
    private readonly limits: AppConfig['http'],
    instance: Express,
  ) {
    super(instance);
  }

  override initHttpServer(): void {
    const instance = this.getInstance<Express>();
    const server = createServer(
      {
        headersTimeout: this.limits.headersTimeoutMs,
        requestTimeout: this.limits.requestTimeoutMs,
        keepAliveTimeout: this.limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS,
      },
      instance,
    );
    server.maxConnections = this.limits.maxConnections;
    // Express's own reading of TRUST_PROXY (set on the app after this server is built, so read per connection):
    // the address a connection comes from is a proxy when Express would believe the X-Forwarded-For it appends.
    const isProxy = (address: string) => (instance.get('trust proxy fn') as TrustFunction)(address, 0);
    shareConnectionsPerClient(server, HTTP_CLIENT_LIMITS.connectionsPerClient, isProxy);
    limitBodyTime(server, Math.min(HTTP_CLIENT_LIMITS.bodyDeadlineMs, this.limits.requestTimeoutMs));
    this.setHttpServer(server);
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from './metrics.service';

const METRICS_PATH = '/metrics';

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Serves GET /metrics on its own port (METRICS_PORT, on METRICS_HOST), never on the site's port, so a load balancer
 * or proxy in front of the site cannot expose it by accident (docs/architecture.md §9.11). With METRICS_TOKEN set, a
 * scrape must send `Authorization: Bearer <token>`; anything else is 401. Web and worker processes both run it.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;
  private readonly expectedToken?: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    if (config.metrics.token) this.expectedToken = sha256(config.metrics.token);
  }

  /** The port it listens on (METRICS_PORT=0 picks a free one); undefined when metrics are off. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    if (port === undefined) return;
    const server = createServer((request, response) => void this.answer(request, response));
    // A scraper asks every few seconds with small requests: short deadlines, few connections.
    server.headersTimeout = 5_000;
    server.requestTimeout = 10_000;
    server.maxConnections = 16;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log({ host, port: this.port, token: this.expectedToken !== undefined }, 'metrics served');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) return this.reply(response, 404, 'Not found: metrics are at /metrics\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return this.reply(response, 405, 'Method not allowed\n');
    }
    if (!this.authorised(request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return this.reply(response, 401, 'Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n');
    }
    try {
      const { contentType, body } = await this.metrics.scrape();
      response.setHeader('Content-Type', contentType);
      response.setHeader('Cache-Control', 'no-store');
      response.statusCode = 200;
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.logger.error({ err: { message: (error as Error).message } }, 'metrics could not be collected');
      this.reply(response, 500, 'Metrics could not be collected\n');
    }
  }

  /** No token configured: every scrape; otherwise exactly `Bearer <token>`, compared in constant time. */
  private authorised(header: string | undefined): boolean {
    if (!this.expectedToken) return true;
    const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
    return match !== null && timingSafeEqual(sha256(match[1]), this.expectedToken);
  }

  private reply(response: ServerResponse, status: number, text: string): void {
    response.statusCode = status;
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    response.end(text);
  }
}

import { HttpStatus, Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { ApiError } from '../common/api-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** How long siteverify may take before the check fails closed. */
export const TURNSTILE_TIMEOUT_MS = 5000;

export type TurnstileOutcome =
  | { ok: true }
  | {
      ok: false;
      reason: 'missing-token' | 'network-error' | 'timeout' | 'bad-status' | 'rejected' | 'wrong-hostname';
      detail?: string;
    };

/** A siteverify answer is a few hundred bytes; anything far larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

interface Answer {
  status: number;
  body: string;
}

/**
 * Server-side Cloudflare Turnstile check (siteverify). Every outcome is its own branch and log line; anything
 * but a clear success for our own hostname fails closed with 403 "Security verification failed".
 *
 * One siteverify call per form: over kept-alive connections (node:http with a keep-alive agent, about a third
 * of the CPU of `fetch` per call), so a busy minute does not open a TLS connection per submission.
 */
@Injectable()
export class TurnstileService implements OnApplicationShutdown {
  private readonly logger = new Logger(TurnstileService.name);
  private readonly expectedHostname: string;
  private readonly verifyUrl: URL;
  private readonly agent: http.Agent;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.expectedHostname = new URL(config.publicBaseUrl).hostname;
    this.verifyUrl = new URL(config.turnstileVerifyUrl);
    // As many idle connections kept as may be busy at once, so a burst does not end in closing and reopening them.
    const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64, scheduling: 'lifo' } as const;
    this.agent = this.verifyUrl.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }

  async check(token: string | undefined, remoteIp: string | undefined): Promise<TurnstileOutcome> {
    if (!token) return { ok: false, reason: 'missing-token' };
    const body = new URLSearchParams({ secret: this.config.turnstileSecretKey, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    let answer: Answer;
    try {
      answer = await this.post(body.toString());
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      return { ok: false, reason: timedOut ? 'timeout' : 'network-error', detail: (error as Error).message };
    }
    if (answer.status < 200 || answer.status > 299) {
      return { ok: false, reason: 'bad-status', detail: String(answer.status) };
    }
    let result: { success?: boolean; hostname?: string; 'error-codes'?: string[] };
    try {
      result = JSON.parse(answer.body) as typeof result;
      if (typeof result !== 'object' || result === null) throw new TypeError('not an object');
    } catch {
      return { ok: false, reason: 'bad-status', detail: 'non-JSON answer' };
    }
    if (result.success !== true)
      return { ok: false, reason: 'rejected', detail: (result['error-codes'] ?? []).join(',') };
    if (result.hostname && result.hostname !== this.expectedHostname) {
      return { ok: false, reason: 'wrong-hostname', detail: result.hostname };
    }
    return { ok: true };
  }

  /**
   * POSTs the form to siteverify within TURNSTILE_TIMEOUT_MS (connecting, sending and reading the answer). A kept-
   * alive connection that the server closed just as it was reused is retried once on a fresh one.
   */
  private async post(body: string): Promise<Answer> {
    const deadline = Date.now() + TURNSTILE_TIMEOUT_MS;
    try {
      return await this.postOnce(body, deadline);
    } catch (error) {
      if (!(error as { reusedSocket?: boolean }).reusedSocket || Date.now() >= deadline) throw error;
      return this.postOnce(body, deadline);
    }
  }

  private postOnce(body: string, deadline: number): Promise<Answer> {
    const transport = this.verifyUrl.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error & { code?: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // Only a connection reset before any answer on a reused connection is worth a second try.
        if (request.reusedSocket && error.code === 'ECONNRESET' && !answered) {
          Object.assign(error, { reusedSocket: true });
        }
        request.destroy();
        reject(error);
      };
      let answered = false;
      const request = transport.request(this.verifyUrl, {
        method: 'POST',
        agent: this.agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          'content-length': Buffer.byteLength(body),
        },
      });
      const timer = setTimeout(
        () => fail(new TimeoutError('The operation was aborted due to timeout')),
        Math.max(0, deadline - Date.now()),
      );
      request.on('error', fail);
      request.on('response', (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) fail(new Error('siteverify answer too large'));
          else chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('aborted', () => fail(new Error('siteverify answer cut off')));
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
      });
      request.end(body);
    });
  }

  /** Throws 403 `{success:false, error:"Security verification failed: …"}` unless the token verifies. */
  async verifyOrThrow(token: string | undefined, remoteIp: string | undefined): Promise<void> {
    const outcome = await this.check(token, remoteIp);
    if (outcome.ok) return;
    this.logger.warn({ reason: outcome.reason, detail: outcome.detail }, 'turnstile verification failed');
    const reasons: Record<typeof outcome.reason, string> = {
      'missing-token': 'no verification token was sent',
      'network-error': 'the verification service could not be reached',
      timeout: 'Verification timeout',
      'bad-status': 'the verification service answered with an error',
      rejected: outcome.detail?.includes('timeout-or-duplicate') ? 'Token expired' : 'the token was not accepted',
      'wrong-hostname': 'the token was issued for another site',
    };
    throw new ApiError(
      HttpStatus.FORBIDDEN,
      `Security verification failed: ${reasons[outcome.reason]}. Please refresh the page and try again.`,
    );
  }
}

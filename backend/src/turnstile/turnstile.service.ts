import { HttpStatus, Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { TurnstileAction } from '@stichting/contracts';
import { Pool } from 'undici';
import { ApiError } from '../common/api-error';
import { TURNSTILE_ALWAYS_PASS_SECRET, type AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** How long siteverify may take before the check fails closed. */
const TURNSTILE_TIMEOUT_MS = 5000;

export type TurnstileOutcome =
  | { ok: true }
  | {
      ok: false;
      reason:
        'missing-token' | 'network-error' | 'timeout' | 'bad-status' | 'rejected' | 'wrong-hostname' | 'wrong-action';
      detail?: string;
    };

/** A siteverify answer is a few hundred bytes; anything far larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };

/** A field of Cloudflare's answer as the log shows it: the answer is untrusted JSON, so any type can arrive. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

interface Answer {
  status: number;
  body: string;
}

/**
 * Server-side Cloudflare Turnstile check (siteverify). Every outcome is its own branch and log line; anything
 * but a clear success for our own hostname (the host of PUBLIC_BASE_URL) and for the form's own widget (its
 * action) fails closed with 403 "Security verification failed".
 *
 * One siteverify call per form, over kept-alive HTTP/1.1 connections from an undici pool (cheaper per call than
 * node:http or `fetch`: docs/benchmarks.md §5.2), so a busy minute does not open a TLS connection per submission.
 */
@Injectable()
export class TurnstileService implements OnApplicationShutdown {
  private readonly logger = new Logger(TurnstileService.name);
  private readonly expectedHostname: string;
  /**
   * False with Cloudflare's always-pass test secret (refused in production): it accepts a dummy token whose answer
   * is tied to no real site or widget, so there is no hostname or action of ours to compare.
   */
  private readonly checksSiteAndAction: boolean;
  private readonly verifyPath: string;
  private readonly pool: Pool;
  /** `secret=…&response=` of every form body (the form is application/x-www-form-urlencoded). */
  private readonly formPrefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expectedHostname = new URL(config.site.publicBaseUrl).hostname;
    this.checksSiteAndAction = config.turnstile.secretKey !== TURNSTILE_ALWAYS_PASS_SECRET;
    const verifyUrl = new URL(config.turnstile.verifyUrl);
    this.verifyPath = `${verifyUrl.pathname}${verifyUrl.search}`;
    // As many kept-alive connections as may be busy at once, so a burst does not end in closing and reopening them.
    this.pool = new Pool(verifyUrl.origin, {
      connections: 64,
      allowH2: false,
      maxResponseSize: MAX_ANSWER_BYTES,
      connect: { timeout: TURNSTILE_TIMEOUT_MS },
    });
    this.formPrefix = `secret=${encodeURIComponent(config.turnstile.secretKey)}&response=`;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }

  async check(
    token: string | undefined,
    remoteIp: string | undefined,
    action: TurnstileAction,
  ): Promise<TurnstileOutcome> {
    if (!token) return { ok: false, reason: 'missing-token' };
    let body = this.formPrefix + encodeURIComponent(token);
    if (remoteIp) body += `&remoteip=${encodeURIComponent(remoteIp)}`;
    let answer: Answer;
    try {
      answer = await this.post(body);
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      return { ok: false, reason: timedOut ? 'timeout' : 'network-error', detail: (error as Error).message };
    }
    if (answer.status < 200 || answer.status > 299) {
      return { ok: false, reason: 'bad-status', detail: String(answer.status) };
    }
    let result: { success?: boolean; hostname?: unknown; action?: unknown; 'error-codes'?: string[] };
    try {
      result = JSON.parse(answer.body) as typeof result;
      if (typeof result !== 'object' || result === null) throw new TypeError('not an object');
    } catch {
      return { ok: false, reason: 'bad-status', detail: 'non-JSON answer' };
    }
    if (result.success !== true)
      return { ok: false, reason: 'rejected', detail: (result['error-codes'] ?? []).join(',') };
    if (!this.checksSiteAndAction) return { ok: true };
    if (result.hostname !== this.expectedHostname) {
      return { ok: false, reason: 'wrong-hostname', detail: shown(result.hostname) };
    }
    if (result.action !== action) {
      return { ok: false, reason: 'wrong-action', detail: shown(result.action) };
    }
    return { ok: true };
  }

  /**
   * POSTs the form to siteverify within TURNSTILE_TIMEOUT_MS (connecting, sending and reading the answer). A kept-
   * alive connection that the server closed just as it was reused (a socket error before any answer) is retried
   * once on a fresh one.
   */
  private async post(body: string): Promise<Answer> {
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new TimeoutError('The operation was aborted due to timeout')),
      TURNSTILE_TIMEOUT_MS,
    );
    try {
      return await this.postOnce(body, abort.signal);
    } catch (error) {
      if ((error as { code?: string }).code !== 'UND_ERR_SOCKET' || abort.signal.aborted) throw error;
      return await this.postOnce(body, abort.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  private async postOnce(body: string, signal: AbortSignal): Promise<Answer> {
    const answer = await this.pool.request({
      path: this.verifyPath,
      method: 'POST',
      headers: FORM_HEADERS,
      body,
      signal,
    });
    return { status: answer.statusCode, body: await answer.body.text() };
  }

  /**
   * Throws 403 `{success:false, error:"Security verification failed: …"}` unless the token verifies for this site
   * and for the widget that declared `action`.
   */
  async verifyOrThrow(token: string | undefined, remoteIp: string | undefined, action: TurnstileAction): Promise<void> {
    const outcome = await this.check(token, remoteIp, action);
    if (outcome.ok) return;
    this.logger.warn({ reason: outcome.reason, detail: outcome.detail }, 'turnstile verification failed');
    const reasons: Record<typeof outcome.reason, string> = {
      'missing-token': 'no verification token was sent',
      'network-error': 'the verification service could not be reached',
      timeout: 'Verification timeout',
      'bad-status': 'the verification service answered with an error',
      rejected: outcome.detail?.includes('timeout-or-duplicate') ? 'Token expired' : 'the token was not accepted',
      'wrong-hostname': 'the token was issued for another site',
      'wrong-action': 'the token was issued for another form',
    };
    throw new ApiError(
      HttpStatus.FORBIDDEN,
      `Security verification failed: ${reasons[outcome.reason]}. Please refresh the page and try again.`,
    );
  }
}

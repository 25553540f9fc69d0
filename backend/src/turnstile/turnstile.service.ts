import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
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

/**
 * Server-side Cloudflare Turnstile check (siteverify). Every outcome is its own branch and log line; anything
 * but a clear success for our own hostname fails closed with 403 "Security verification failed".
 */
@Injectable()
export class TurnstileService {
  private readonly logger = new Logger(TurnstileService.name);
  private readonly expectedHostname: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.expectedHostname = new URL(config.publicBaseUrl).hostname;
  }

  async check(token: string | undefined, remoteIp: string | undefined): Promise<TurnstileOutcome> {
    if (!token) return { ok: false, reason: 'missing-token' };
    const body = new URLSearchParams({ secret: this.config.turnstileSecretKey, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    let response: Response;
    try {
      response = await fetch(this.config.turnstileVerifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(TURNSTILE_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      return { ok: false, reason: timedOut ? 'timeout' : 'network-error', detail: (error as Error).message };
    }
    if (!response.ok) return { ok: false, reason: 'bad-status', detail: String(response.status) };
    let result: { success?: boolean; hostname?: string; 'error-codes'?: string[] };
    try {
      result = (await response.json()) as typeof result;
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

import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DONOR_LINK_TURNSTILE_ACTION } from '@stichting/contracts';
import { DatabaseUnavailableError, isDatabaseUnavailable, TooManyRequestsError } from '../common/api-error';
import { QueueService } from '../queue/queue.service';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { TurnstileService } from '../turnstile/turnstile.service';
import type { ManageLinkRequestDto } from './dto/manage-link-request.dto';

/** docs/product.md §9.5: requests for one email address per minute (per instance), whoever sends them. */
export const MANAGE_LINK_REQUESTS_PER_ADDRESS_PER_MINUTE = 3;

/**
 * "Send me a link" (docs/product.md §7.11): after the bot check and the per-address limit, the request is only
 * queued, so a known and an unknown address get the same answer in the same time; the worker looks the address up
 * (ManageLinkRequestJob).
 */
/** The route the per-address limit is counted on. */
const MANAGE_LINK_PATH = '/api/donations/manage-link';

@Injectable()
export class ManageLinkRequestService {
  constructor(
    private readonly turnstile: TurnstileService,
    private readonly limits: RateLimiter,
    private readonly queue: QueueService,
  ) {}

  async request(dto: ManageLinkRequestDto, remoteIp: string | undefined): Promise<void> {
    await this.turnstile.verifyOrThrow(dto.turnstileToken, remoteIp, DONOR_LINK_TURNSTILE_ACTION);
    const address = createHash('sha256').update(dto.email.trim().toLowerCase()).digest('hex');
    const limit = MANAGE_LINK_REQUESTS_PER_ADDRESS_PER_MINUTE;
    // Counted where every limit is (PostgreSQL unless RATE_LIMIT_STORE=memory), so it holds across instances.
    if ((await this.limits.hit('manage_link', MANAGE_LINK_PATH, address, limit)).isBlocked) {
      throw new TooManyRequestsError();
    }
    try {
      await this.queue.send('donor-link-request', { email: dto.email });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
      throw error;
    }
  }
}

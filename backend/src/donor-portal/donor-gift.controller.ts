import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DONOR_GIFT_PATHS, type DonorGiftAnswer } from '@stichting/contracts';
import { TooManyRequestsError } from '../common/api-error';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { DonorGiftService } from './donor-gift.service';
import { ChangeGiftAmountDto, DonorGiftDto, PauseGiftDto, StopGiftDto } from './dto/donor-gift.dto';

/**
 * docs/product.md §9.5: per client address and minute. Reading the gift reads only our database; each action is a
 * Stripe call, whose rate limit the whole account shares (as the portal button's, PORTAL_SESSIONS_PER_ADDRESS_PER_MINUTE).
 */
export const GIFT_READS_PER_ADDRESS_PER_MINUTE = 30;
export const GIFT_ACTIONS_PER_ADDRESS_PER_MINUTE = 5;

const route = (path: string) => path.slice(1);

/**
 * The donor's own page (docs/product.md §7.10): POSTs only, each carrying the manage link's token, from the site's own
 * pages (the same-site middleware refuses others). A GET or HEAD of any of these addresses reaches no handler.
 */
@Controller()
export class DonorGiftController {
  constructor(
    private readonly gifts: DonorGiftService,
    private readonly limits: RateLimiter,
  ) {}

  @Post(route(DONOR_GIFT_PATHS.read))
  @HttpCode(HttpStatus.OK)
  async read(@Body() body: DonorGiftDto, @Ip() ip: string): Promise<DonorGiftAnswer> {
    await this.limit(DONOR_GIFT_PATHS.read, ip, GIFT_READS_PER_ADDRESS_PER_MINUTE);
    return { success: true, gift: await this.gifts.read(body.token) };
  }

  @Post(route(DONOR_GIFT_PATHS.amount))
  @HttpCode(HttpStatus.OK)
  async changeAmount(@Body() body: ChangeGiftAmountDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.limit(DONOR_GIFT_PATHS.amount, ip);
    await this.gifts.changeAmount(body.token, body.amountCents);
    return { success: true };
  }

  @Post(route(DONOR_GIFT_PATHS.pause))
  @HttpCode(HttpStatus.OK)
  async pause(@Body() body: PauseGiftDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.limit(DONOR_GIFT_PATHS.pause, ip);
    await this.gifts.pause(body.token, body.months);
    return { success: true };
  }

  @Post(route(DONOR_GIFT_PATHS.resume))
  @HttpCode(HttpStatus.OK)
  async resume(@Body() body: DonorGiftDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.limit(DONOR_GIFT_PATHS.resume, ip);
    await this.gifts.resume(body.token);
    return { success: true };
  }

  @Post(route(DONOR_GIFT_PATHS.stop))
  @HttpCode(HttpStatus.OK)
  async stop(@Body() body: StopGiftDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.limit(DONOR_GIFT_PATHS.stop, ip);
    await this.gifts.stop(body.token, body.reason);
    return { success: true };
  }

  /** Where the donor goes to replace the payment method: a Stripe portal session that allows only that. */
  @Post(route(DONOR_GIFT_PATHS.paymentMethod))
  @HttpCode(HttpStatus.OK)
  async paymentMethod(@Body() body: DonorGiftDto, @Ip() ip: string): Promise<{ success: true; url: string }> {
    await this.limit(DONOR_GIFT_PATHS.paymentMethod, ip);
    return { success: true, url: await this.gifts.paymentMethodSession(body.token) };
  }

  private async limit(path: string, ip: string, limit = GIFT_ACTIONS_PER_ADDRESS_PER_MINUTE): Promise<void> {
    const client = createHash('sha256').update(ip).digest('hex');
    if ((await this.limits.hit('portal_session', path, client, limit)).isBlocked) throw new TooManyRequestsError();
  }
}

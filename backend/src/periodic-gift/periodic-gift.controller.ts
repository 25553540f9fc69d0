import { Body, Controller, HttpCode, HttpStatus, Ip, Post, Res } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import {
  PERIODIC_GIFT_PATHS,
  type AgreementLinkAnswer,
  type AgreementStatus,
  type PeriodicGiftCreated,
} from '@stichting/contracts';
import { TooManyRequestsError } from '../common/api-error';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { AgreementLinkDto, PeriodicGiftRequestDto, SignAgreementDto, StartDebitsDto } from './dto/periodic-gift.dto';
import { PeriodicGiftService } from './periodic-gift.service';

/**
 * docs/product.md §4.9, §9.5: per client address and minute, its own budget beside the general POST limit. The form
 * stores an agreement and sends an email; a link's step is one of a few a signer takes; the start is a Stripe call.
 */
export const AGREEMENT_REQUESTS_PER_ADDRESS_PER_MINUTE = 5;
export const AGREEMENT_STEPS_PER_ADDRESS_PER_MINUTE = 30;

const route = (path: string) => path.slice(1);

/**
 * The periodieke gift (docs/product.md §4.9): POSTs only, from the site's own pages. A GET or HEAD of any of these
 * addresses reaches no handler, so a link scanner changes nothing.
 */
@Controller()
export class PeriodicGiftController {
  constructor(
    private readonly gifts: PeriodicGiftService,
    private readonly limits: RateLimiter,
  ) {}

  @Post(route(PERIODIC_GIFT_PATHS.create))
  @HttpCode(HttpStatus.CREATED)
  async create(@Body() body: PeriodicGiftRequestDto, @Ip() ip: string): Promise<PeriodicGiftCreated> {
    await this.limit(PERIODIC_GIFT_PATHS.create, ip, AGREEMENT_REQUESTS_PER_ADDRESS_PER_MINUTE);
    return this.gifts.create(body, ip);
  }

  @Post(route(PERIODIC_GIFT_PATHS.read))
  @HttpCode(HttpStatus.OK)
  async read(@Body() body: AgreementLinkDto, @Ip() ip: string): Promise<AgreementLinkAnswer> {
    await this.limit(PERIODIC_GIFT_PATHS.read, ip);
    return this.gifts.read(body);
  }

  @Post(route(PERIODIC_GIFT_PATHS.verify))
  @HttpCode(HttpStatus.OK)
  async verify(@Body() body: AgreementLinkDto, @Ip() ip: string): Promise<{ success: true; signToken: string }> {
    await this.limit(PERIODIC_GIFT_PATHS.verify, ip);
    return this.gifts.verify(body);
  }

  /** The PDF as an attachment: the same bytes whose SHA-256 the signatures name. */
  @Post(route(PERIODIC_GIFT_PATHS.document))
  @HttpCode(HttpStatus.OK)
  async document(@Body() body: AgreementLinkDto, @Ip() ip: string, @Res() response: Response): Promise<void> {
    await this.limit(PERIODIC_GIFT_PATHS.document, ip);
    const { fileName, content } = await this.gifts.document(body);
    response.type('application/pdf').attachment(fileName).setHeader('Cache-Control', 'no-store').send(content);
  }

  @Post(route(PERIODIC_GIFT_PATHS.sign))
  @HttpCode(HttpStatus.OK)
  async sign(@Body() body: SignAgreementDto, @Ip() ip: string): Promise<{ success: true; status: AgreementStatus }> {
    await this.limit(PERIODIC_GIFT_PATHS.sign, ip);
    return this.gifts.sign(body);
  }

  @Post(route(PERIODIC_GIFT_PATHS.countersign))
  @HttpCode(HttpStatus.OK)
  async countersign(
    @Body() body: AgreementLinkDto,
    @Ip() ip: string,
  ): Promise<{ success: true; status: AgreementStatus }> {
    await this.limit(PERIODIC_GIFT_PATHS.countersign, ip);
    return this.gifts.countersign(body);
  }

  @Post(route(PERIODIC_GIFT_PATHS.startDebits))
  @HttpCode(HttpStatus.OK)
  async startDebits(@Body() body: StartDebitsDto, @Ip() ip: string): Promise<{ success: true; url: string }> {
    await this.limit(PERIODIC_GIFT_PATHS.startDebits, ip, AGREEMENT_REQUESTS_PER_ADDRESS_PER_MINUTE);
    return this.gifts.startDebits(body);
  }

  private async limit(path: string, ip: string, limit = AGREEMENT_STEPS_PER_ADDRESS_PER_MINUTE): Promise<void> {
    const client = createHash('sha256').update(ip).digest('hex');
    if ((await this.limits.hit('periodic_gift', path, client, limit)).isBlocked) throw new TooManyRequestsError();
  }
}

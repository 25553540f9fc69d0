import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query, Req, Res } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  DONOR_PORTAL_PATHS,
  DONOR_PORTAL_SESSION_PATH,
  languageFromPath,
} from '@stichting/contracts';
import type { Request, Response } from 'express';
import { TooManyRequestsError } from '../common/api-error';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { DonorPortalService } from './donor-portal.service';
import { ManageLinkRequestDto } from './dto/manage-link-request.dto';
import { PortalSessionDto } from './dto/portal-session.dto';
import { ManageLinkRequestService } from './manage-link-request.service';

/**
 * docs/product.md §9.5: portal sessions one client address may open per minute. Each is a Stripe API call, and
 * Stripe's rate limit is the account's, shared with checkout.
 */
export const PORTAL_SESSIONS_PER_ADDRESS_PER_MINUTE = 5;

/** The manage link's address in each language (outside /api: a page the donor opens from an email). */
const PORTAL_ROUTES = Object.values(DONOR_PORTAL_PATHS).map((path) => path.slice(1));

@Controller()
export class DonorPortalController {
  constructor(
    private readonly portal: DonorPortalService,
    private readonly linkRequests: ManageLinkRequestService,
    private readonly limits: RateLimiter,
  ) {}

  /** docs/product.md §7.11: the same 202 whether or not the address gives monthly; the email follows if it does. */
  @Post('api/donations/manage-link')
  @HttpCode(HttpStatus.ACCEPTED)
  async requestLink(@Body() body: ManageLinkRequestDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.linkRequests.request(body, ip);
    return { success: true };
  }

  /**
   * docs/product.md §7.10: opening the link changes nothing and calls nobody (a mail scanner opens every link): 303
   * to the "manage my donation" page with the token in the fragment, or to that page saying what is wrong.
   */
  @Get(PORTAL_ROUTES)
  async open(@Query('token') token: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    const destination = await this.portal.landing(token, languageFromPath(request.path));
    // The link is a key: no cache keeps the answer, no search engine lists it, no referrer carries it away.
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Robots-Tag', 'noindex');
    response.redirect(303, destination);
  }

  /** The donor's button: where to go next, Stripe's customer portal or our page with the problem. */
  @Post(DONOR_PORTAL_SESSION_PATH.slice(1))
  @HttpCode(HttpStatus.OK)
  async openPortal(@Body() body: PortalSessionDto, @Ip() ip: string): Promise<{ success: true; url: string }> {
    const client = createHash('sha256').update(ip).digest('hex');
    const limit = PORTAL_SESSIONS_PER_ADDRESS_PER_MINUTE;
    if ((await this.limits.hit('portal_session', DONOR_PORTAL_SESSION_PATH, client, limit)).isBlocked) {
      throw new TooManyRequestsError();
    }
    return { success: true, url: await this.portal.portalSession(body.token, body.language ?? DEFAULT_LANGUAGE) };
  }
}

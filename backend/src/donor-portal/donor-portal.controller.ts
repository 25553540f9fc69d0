import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query, Req, Res } from '@nestjs/common';
import { DONOR_PORTAL_PATHS, languageFromPath } from '@stichting/contracts';
import type { Request, Response } from 'express';
import { DonorPortalService } from './donor-portal.service';
import { ManageLinkRequestDto } from './dto/manage-link-request.dto';
import { ManageLinkRequestService } from './manage-link-request.service';

/** The manage link's address in each language (outside /api: a page the donor opens from an email). */
const PORTAL_ROUTES = Object.values(DONOR_PORTAL_PATHS).map((path) => path.slice(1));

@Controller()
export class DonorPortalController {
  constructor(
    private readonly portal: DonorPortalService,
    private readonly linkRequests: ManageLinkRequestService,
  ) {}

  /** docs/product.md §7.11: the same 202 whether or not the address gives monthly; the email follows if it does. */
  @Post('api/donations/manage-link')
  @HttpCode(HttpStatus.ACCEPTED)
  async requestLink(@Body() body: ManageLinkRequestDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.linkRequests.request(body, ip);
    return { success: true };
  }

  /** docs/product.md §7.10: 303 to Stripe's customer portal, or to our page saying why not. */
  @Get(PORTAL_ROUTES)
  async open(@Query('token') token: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    const destination = await this.portal.destination(token, languageFromPath(request.path));
    // The link is a key: no cache keeps the answer, no search engine lists it, no referrer carries it away.
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Robots-Tag', 'noindex');
    response.redirect(303, destination);
  }
}

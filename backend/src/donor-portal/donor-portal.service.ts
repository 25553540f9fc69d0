import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DONOR_LINK_PROBLEM_PARAM,
  isLanguage,
  ROUTES,
  type DonorLinkProblem,
  type Language,
} from '@stichting/contracts';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DonationsRepository } from '../database/donations.repository';
import { DonorLinks } from '../donor-email/donor-links';
import { StripePortalClient } from '../stripe/stripe-portal.client';

/**
 * Opens Stripe's customer portal from a donor's manage link (docs/product.md §7.10). Whatever goes wrong, the donor
 * lands on our own "manage my donation" page in their language, which says what happened and offers a fresh link;
 * never on a Stripe error.
 */
@Injectable()
export class DonorPortalService {
  private readonly logger = new Logger(DonorPortalService.name);

  constructor(
    private readonly links: DonorLinks,
    private readonly donations: DonationsRepository,
    private readonly portal: StripePortalClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Where to send the donor: the portal session's address, or our page with the problem. `pathLanguage` is the
   * language of the link's path, used until the donation (and so the donor's own language) is known.
   */
  async destination(token: unknown, pathLanguage: Language): Promise<string> {
    const check = this.links.verify(token);
    if ('problem' in check) return this.problemPage(pathLanguage, check.problem);
    let donation: { language: string; stripeCustomerId: string | null; erasedAt: Date | null } | null;
    try {
      donation = await this.donations.findById(check.donationId);
    } catch (error) {
      this.logger.warn({ error: (error as Error).name }, 'manage link: the database could not be read');
      return this.problemPage(pathLanguage, 'unavailable');
    }
    if (!donation?.stripeCustomerId || donation.erasedAt) return this.problemPage(pathLanguage, 'invalid');
    const language = isLanguage(donation.language) ? donation.language : pathLanguage;
    try {
      const session = await this.portal.createPortalSession({
        customer: donation.stripeCustomerId,
        locale: language,
        return_url: `${this.config.site.publicBaseUrl}${ROUTES.donate[language]}`,
        ...(this.config.stripe.portalConfigurationId
          ? { configuration: this.config.stripe.portalConfigurationId }
          : {}),
      });
      return session.url;
    } catch (error) {
      const { type, statusCode } = error as { type?: string; statusCode?: number };
      this.logger.warn(
        { donationId: check.donationId, type, statusCode },
        'manage link: no portal session from Stripe',
      );
      return this.problemPage(language, 'unavailable');
    }
  }

  private problemPage(language: Language, problem: DonorLinkProblem): string {
    return `${ROUTES.manageDonation[language]}?${DONOR_LINK_PROBLEM_PARAM}=${problem}`;
  }
}

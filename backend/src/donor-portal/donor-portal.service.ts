import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DONOR_LINK_PROBLEM_PARAM,
  DONOR_LINK_TOKEN_FRAGMENT,
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
 * A donor's manage link (docs/product.md §7.10): opening it (GET) lands on our "manage my donation" page and changes
 * nothing; the donor's button there (POST) opens Stripe's customer portal. Whatever goes wrong, the donor lands on our
 * own page in their language, which says what happened and offers a fresh link; never on a Stripe error.
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
   * Where the manage link (a GET, opened by the donor or by a mail scanner) leads: the "manage my donation" page with
   * the token in the fragment, or that page saying what is wrong. It reads the donation and never calls Stripe
   * (docs/product.md §7.10). `pathLanguage` is the language of the link's path, used until the donor's is known.
   */
  async landing(token: unknown, pathLanguage: Language): Promise<string> {
    const found = await this.donationOf(token, pathLanguage);
    if ('problemPage' in found) return found.problemPage;
    return `${ROUTES.manageDonation[found.language]}#${DONOR_LINK_TOKEN_FRAGMENT}=${encodeURIComponent(found.token)}`;
  }

  /**
   * Where the donor's button (a POST) sends them: a new Stripe customer-portal session, or our page with the problem.
   * Limited per client address (the caller), since each one is a Stripe API call.
   */
  async portalSession(token: unknown, pathLanguage: Language): Promise<string> {
    const found = await this.donationOf(token, pathLanguage);
    if ('problemPage' in found) return found.problemPage;
    const { donationId, customer, language } = found;
    try {
      const session = await this.portal.createPortalSession({
        customer,
        locale: language,
        return_url: `${this.config.site.publicBaseUrl}${ROUTES.donate[language]}`,
        ...(this.config.stripe.portalConfigurationId
          ? { configuration: this.config.stripe.portalConfigurationId }
          : {}),
      });
      return session.url;
    } catch (error) {
      const { type, statusCode } = error as { type?: string; statusCode?: number };
      this.logger.warn({ donationId, type, statusCode }, 'manage link: no portal session from Stripe');
      return this.problemPage(language, 'unavailable');
    }
  }

  /** The donation a token names, with a Stripe customer and not erased; or the page that says what is wrong. */
  private async donationOf(
    token: unknown,
    pathLanguage: Language,
  ): Promise<{ donationId: string; customer: string; language: Language; token: string } | { problemPage: string }> {
    const check = this.links.verify(token);
    if ('problem' in check) return { problemPage: this.problemPage(pathLanguage, check.problem) };
    let donation: { language: string; stripeCustomerId: string | null; erasedAt: Date | null } | null;
    try {
      donation = await this.donations.findById(check.donationId);
    } catch (error) {
      this.logger.warn({ error: (error as Error).name }, 'manage link: the database could not be read');
      return { problemPage: this.problemPage(pathLanguage, 'unavailable') };
    }
    if (!donation?.stripeCustomerId || donation.erasedAt) {
      return { problemPage: this.problemPage(pathLanguage, 'invalid') };
    }
    const language = isLanguage(donation.language) ? donation.language : pathLanguage;
    return { donationId: check.donationId, customer: donation.stripeCustomerId, language, token: String(token) };
  }

  private problemPage(language: Language, problem: DonorLinkProblem): string {
    return `${ROUTES.manageDonation[language]}?${DONOR_LINK_PROBLEM_PARAM}=${problem}`;
  }
}

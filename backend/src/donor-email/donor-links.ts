import { Inject, Injectable } from '@nestjs/common';
import { DONOR_PORTAL_PATHS, type Language } from '@stichting/contracts';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DONOR_LINK_LIFETIME_DAYS, signDonorLink, verifyDonorLink, type DonorLinkCheck } from './donor-link.token';

/** Manage links with this process's DONOR_LINK_SECRET (docs/architecture.md §9.10). */
@Injectable()
export class DonorLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The link a donor email carries: the portal address in the donor's language, valid DONOR_LINK_LIFETIME_DAYS. */
  manageUrl(donationId: string, language: Language, now = new Date()): string {
    const expiresAt = new Date(now.getTime() + DONOR_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
    const token = signDonorLink(donationId, expiresAt, this.config.donorLinks.secret);
    return `${this.config.site.publicBaseUrl}${DONOR_PORTAL_PATHS[language]}?token=${token}`;
  }

  verify(token: unknown): DonorLinkCheck {
    return verifyDonorLink(token, this.config.donorLinks.secret);
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { DONOR_PORTAL_PATHS, type Language } from '@stichting/contracts';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DONOR_LINK_LIFETIME_DAYS, signDonorLink, verifyDonorLink, type DonorLinkCheck } from './donor-link.token';

/** Whether this process has said that its manage links use a random secret (once per process, however many apps). */
let warnedOfRandomSecret = false;

/**
 * Manage links with this process's DONOR_LINK_SECRET (docs/architecture.md §9.10). Outside production, without a
 * secret of its own, the process signs with a random one (config/published-secrets.ts) and says so once: its links
 * stop working when it restarts, and another process (a separate worker) cannot check them.
 */
@Injectable()
export class DonorLinks {
  private readonly logger = new Logger(DonorLinks.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const reason = config.donorLinks.generated;
    if (reason === undefined || warnedOfRandomSecret) return;
    warnedOfRandomSecret = true;
    this.logger.warn(
      { event: 'donor_link_secret_random', reason },
      `${reason}: manage links are signed with a random secret of this process and stop working when it restarts; set DONOR_LINK_SECRET (\`openssl rand -hex 32\`) to keep them`,
    );
  }

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

import { Inject, Injectable } from '@nestjs/common';
import { ROUTES, STAFF_ACTION_TOKEN_FRAGMENT, type StaffStatusAction } from '@stichting/contracts';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import {
  signStaffLink,
  staffLinkKey,
  verifyStaffLink,
  type StaffLinkCheck,
  type StaffLinkKind,
} from './staff-link.token';
import {
  STAFF_STATUS_LINK_LIFETIME_DAYS,
  decodeStatusLink,
  encodeStatusLink,
  type StatusLinkTarget,
} from './staff-status-link';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Staff emails are Dutch (docs/product.md §7.8), so their links open the Dutch confirmation page. */
const STAFF_PAGE_LANGUAGE = 'nl';

/**
 * Signed links in staff emails (staff-link.token.ts; docs/architecture.md §9.15), with this process's key. A link
 * opens the confirmation page ROUTES.staffAction with its token in the fragment after `fragmentKey`; that page decides
 * what to show by the key (`token` for a status link). Outside production without DONOR_LINK_SECRET the key is random
 * per process (DonorLinks says so at start): links then stop working at a restart.
 */
@Injectable()
export class StaffLinks {
  private readonly key: Buffer;
  private readonly pageUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = staffLinkKey(config.donorLinks.secret);
    this.pageUrl = `${config.site.publicBaseUrl}${ROUTES.staffAction[STAFF_PAGE_LANGUAGE]}`;
  }

  /** The confirmation page's address for a token, read by the page from `#<fragmentKey>=`. */
  page(fragmentKey: string, token: string): string {
    return `${this.pageUrl}#${fragmentKey}=${token}`;
  }

  /** A token of `kind` with `body`, valid for `lifetimeDays` from `now` (for a new kind of link; see the token file). */
  sign(kind: StaffLinkKind, body: Buffer, lifetimeDays: number, now = new Date()): string {
    return signStaffLink(kind, body, new Date(now.getTime() + lifetimeDays * DAY_MS), this.key);
  }

  verify(kind: StaffLinkKind, token: unknown, now = new Date()): StaffLinkCheck {
    return verifyStaffLink(token, kind, this.key, now);
  }

  /** docs/product.md §4.10: the link that moves one request as `action` says, for STAFF_STATUS_LINK_LIFETIME_DAYS. */
  statusUrl(submissionId: string, action: StaffStatusAction, now = new Date()): string {
    const token = this.sign('status', encodeStatusLink({ submissionId, action }), STAFF_STATUS_LINK_LIFETIME_DAYS, now);
    return this.page(STAFF_ACTION_TOKEN_FRAGMENT, token);
  }

  verifyStatus(token: unknown, now = new Date()): StatusLinkTarget | { problem: 'invalid' | 'expired' } {
    const check = this.verify('status', token, now);
    if ('problem' in check) return check;
    return decodeStatusLink(check.body) ?? { problem: 'invalid' };
  }
}

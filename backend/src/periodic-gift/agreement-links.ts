import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { PERIODIC_LIMITS, type AgreementLinkProblem, type AgreementLinkPurpose } from '@stichting/contracts';
import { PrismaService, type Db } from '../database/prisma.service';
import type { AgreementLink, PeriodicAgreement } from '../generated/prisma/client';

/** How long a link from an agreement email works: 30 days, every purpose (docs/product.md §4.9). */
export const AGREEMENT_LINK_LIFETIME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinkCheck =
  { link: AgreementLink; agreement: PeriodicAgreement; problem?: undefined } | { problem: AgreementLinkProblem };

/**
 * The agreement's single-use links (docs/product.md §4.9): a random 32-byte token (base64url) goes into the email or
 * the page, only its SHA-256 is stored, so the database alone opens nothing. A link is used up by the POST that acts
 * on it (start_debits: by the debits starting), never by reading.
 */
@Injectable()
export class AgreementLinks {
  constructor(private readonly prisma: PrismaService) {}

  /** A new link of `purpose` for the agreement, stored on `db`; returns the token (never stored). */
  async issue(db: Db, agreementId: string, purpose: AgreementLinkPurpose, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.agreementLink.create({
      data: {
        tokenSha256: tokenHash(token),
        agreementId,
        purpose,
        expiresAt: new Date(now.getTime() + AGREEMENT_LINK_LIFETIME_DAYS * DAY_MS),
      },
    });
    return token;
  }

  /** The link and its agreement, or why it cannot be used: unknown or forged, past its date, already used. */
  async check(token: string, now = new Date(), db: Db = this.prisma): Promise<LinkCheck> {
    if (token.length > PERIODIC_LIMITS.token || !TOKEN.test(token)) return { problem: 'invalid' };
    const link = await db.agreementLink.findUnique({
      where: { tokenSha256: tokenHash(token) },
      include: { agreement: true },
    });
    if (!link) return { problem: 'invalid' };
    if (link.usedAt) return { problem: 'used' };
    if (link.expiresAt <= now) return { problem: 'expired' };
    const { agreement, ...rest } = link;
    return { link: rest, agreement };
  }

  /** Uses the link up on `tx`; false when another request used it first (the loser hears `used`). */
  async use(tx: Db, link: AgreementLink, now = new Date()): Promise<boolean> {
    const { count } = await tx.agreementLink.updateMany({
      where: { tokenSha256: link.tokenSha256, usedAt: null },
      data: { usedAt: now },
    });
    return count === 1;
  }
}

import { Injectable } from '@nestjs/common';
import type { Donation, DonationPayment, Prisma } from '../generated/prisma/client';
import { DonationStatus } from '../generated/prisma/enums';
import { PrismaService, type Db } from './prisma.service';
import { equalsIgnoringCase } from './text-match';

export type DonationWithPayments = Donation & { payments: DonationPayment[] };

/** How an event names its donation: our id in Stripe metadata, the Checkout session, the subscription. */
export interface DonationKeys {
  donationId?: string | null;
  sessionId?: string | null;
  subscriptionId?: string | null;
}

/** A donation as erasure lists it for staff: id, date, status and amount, nothing personal. */
const DONATION_LISTING = { id: true, createdAt: true, status: true, amountCents: true } as const;
export type DonationListing = Pick<Donation, 'id' | 'createdAt' | 'status' | 'amountCents'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `donations` table's one home (docs/architecture.md §5.2), like SubmissionsRepository for forms. Every match on
 * a donor's address goes through `equalsIgnoringCase` (text-match.ts), so `_` and `%` in an address are letters, not
 * wildcards. Methods that may run inside a larger transaction take its client as their last argument (`db`).
 */
@Injectable()
export class DonationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.DonationCreateInput, db: Db = this.prisma): Promise<Donation> {
    return db.donation.create({ data });
  }

  update(id: string, data: Prisma.DonationUpdateInput, db: Db = this.prisma): Promise<Donation> {
    return db.donation.update({ where: { id }, data });
  }

  findById(id: string, db: Db = this.prisma): Promise<Donation | null> {
    return db.donation.findUnique({ where: { id } });
  }

  /** The monthly gift that pays a periodieke gift (docs/product.md §4.9), if its debits were ever started. */
  findByAgreement(agreementId: string, db: Db = this.prisma): Promise<Donation | null> {
    return db.donation.findUnique({ where: { periodicAgreementId: agreementId } });
  }

  /** The newest ordinary monthly gift of `email` (any letter case) whose status is one of `statuses`. */
  findMonthlyGiftOf(email: string, statuses: DonationStatus[], db: Db = this.prisma): Promise<Donation | null> {
    return db.donation.findFirst({
      where: {
        email: equalsIgnoringCase(email),
        frequency: 'monthly',
        periodicAgreementId: null,
        status: { in: statuses },
      },
      orderBy: { createdAt: 'desc' },
    });
  }

  /**
   * The donation an event is about, found by subscription (the usual case), then our id in Stripe metadata, then the
   * Checkout session.
   */
  async findIdByKeys(keys: DonationKeys, db: Db = this.prisma): Promise<string | null> {
    const select = { id: true } as const;
    if (keys.subscriptionId) {
      const found = await db.donation.findUnique({ where: { stripeSubscriptionId: keys.subscriptionId }, select });
      if (found) return found.id;
    }
    if (keys.donationId && UUID.test(keys.donationId)) {
      const found = await db.donation.findUnique({ where: { id: keys.donationId }, select });
      if (found) return found.id;
    }
    if (keys.sessionId) {
      const found = await db.donation.findUnique({ where: { stripeSessionId: keys.sessionId }, select });
      if (found) return found.id;
    }
    return null;
  }

  /** The donations of a Stripe customer that are not erased (a SEPA mandate names only its customer's method). */
  async idsOfCustomer(customerId: string, db: Db = this.prisma): Promise<string[]> {
    const rows = await db.donation.findMany({
      where: { stripeCustomerId: customerId, erasedAt: null },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((row) => row.id);
  }

  /** The donation with its payments, its row locked until `tx` ends (so events about it apply one at a time). */
  async lockWithPayments(id: string, tx: Db): Promise<DonationWithPayments> {
    await tx.$queryRaw`SELECT id FROM donations WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.donation.findUniqueOrThrow({ where: { id }, include: { payments: true } });
  }

  /**
   * Every monthly donation of `email` (any letter case, matched literally) that reached Stripe and is not erased, newest
   * first. A one-off gift has nothing to manage (docs/product.md §7.11).
   */
  async idsAtStripeByEmail(email: string, db: Db = this.prisma): Promise<string[]> {
    const rows = await db.donation.findMany({
      where: {
        email: equalsIgnoringCase(email),
        erasedAt: null,
        stripeCustomerId: { not: null },
        frequency: 'monthly',
      },
      orderBy: { createdAt: 'desc' },
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }

  /**
   * Donations with a Stripe subscription that are not erased, oldest first, with their payments: what reconciliation
   * from Stripe's objects reads back (docs/architecture.md §3.7). `statuses` narrows them (the daily run: gifts
   * Stripe may still charge or end).
   */
  withSubscription(statuses?: readonly DonationStatus[], db: Db = this.prisma): Promise<DonationWithPayments[]> {
    return db.donation.findMany({
      where: {
        stripeSubscriptionId: { not: null },
        erasedAt: null,
        ...(statuses ? { status: { in: [...statuses] } } : {}),
      },
      include: { payments: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** What erasure of `email` touches: the donor's own donations, and those where the address is only the referrer. */
  async findForErasure(email: string, db: Db): Promise<{ donations: DonationListing[]; referrals: DonationListing[] }> {
    const sameAddress = equalsIgnoringCase(email);
    const orderBy = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
    return {
      donations: await db.donation.findMany({ where: { email: sameAddress }, select: DONATION_LISTING, orderBy }),
      referrals: await db.donation.findMany({
        where: { referrerEmail: sameAddress, NOT: { email: sameAddress } },
        select: DONATION_LISTING,
        orderBy,
      }),
    };
  }

  /**
   * Redacts the donations erasure found. SQL rather than Prisma's update, which always sets `updated_at`
   * (@updatedAt): an erasure is no change of the donation, whose retention period runs from its last change.
   */
  async redact(donationIds: string[], referralIds: string[], erased: string, db: Db): Promise<void> {
    await db.$executeRaw`UPDATE donations SET name = NULL, email = ${erased}, message = NULL,
      referrer_name = NULL, referrer_email = NULL, last_error = NULL, erased_at = now()
      WHERE id = ANY(${donationIds}::uuid[])`;
    await db.$executeRaw`UPDATE donations SET referrer_name = NULL, referrer_email = NULL
      WHERE id = ANY(${referralIds}::uuid[])`;
  }

  /**
   * Donations that never reached a payment, last changed before `before`: deleted, or with `dryRun` counted. Open
   * (Checkout never completed) or failed (Checkout expired, or the first payment failed), never paid, and without
   * any payment row, so nothing of it belongs to the books (docs/privacy.md "Donations and payments").
   */
  async purgeUnpaidBefore(before: Date, dryRun: boolean, db: Db): Promise<number> {
    const where = {
      status: { in: [DonationStatus.open, DonationStatus.failed] },
      firstPaymentSucceededAt: null,
      updatedAt: { lt: before },
      payments: { none: {} },
    };
    return dryRun ? db.donation.count({ where }) : (await db.donation.deleteMany({ where })).count;
  }

  /**
   * Donations and payments past the donations period (`before`), deleted or with `dryRun` counted. Payments first: a
   * donation whose last payment is past the period then has none left (a dry run asks for none younger instead).
   */
  async purgeBefore(before: Date, dryRun: boolean, db: Db): Promise<{ donationPayments: number; donations: number }> {
    const payments = { createdAt: { lt: before } };
    const donations = { updatedAt: { lt: before }, payments: { none: { createdAt: { gte: before } } } };
    if (dryRun) {
      return {
        donationPayments: await db.donationPayment.count({ where: payments }),
        donations: await db.donation.count({ where: donations }),
      };
    }
    const donationPayments = (await db.donationPayment.deleteMany({ where: payments })).count;
    return { donationPayments, donations: (await db.donation.deleteMany({ where: donations })).count };
  }
}

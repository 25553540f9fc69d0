import { Injectable } from '@nestjs/common';
import type { DonationPayment, DonationRefund, Prisma } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';
import { equalsIgnoringCase } from './text-match';

/** A paid payment of a year, with the donation it belongs to (for yearly statements). */
export interface PaidPayment {
  paidAt: Date;
  amountCents: number;
  refundedCents: number;
  donation: {
    id: string;
    email: string;
    createdAt: Date;
    /** The periodieke gift the donation pays (docs/product.md §4.9), if any. */
    periodicAgreement: { transactionNumber: string; completedAt: Date | null } | null;
  };
}

/** The instant a calendar year starts in the Netherlands: 1 January is always in winter time (UTC+1). */
export function dutchYearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - 60 * 60 * 1000);
}

/**
 * The `donation_payments` table's one home (docs/architecture.md §5.2), with its refunds (`donation_refunds`): one row
 * per invoice of a donation, written by the donation ledger, read by yearly statements.
 */
@Injectable()
export class DonationPaymentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The payments still `paid` whose paid date falls in `year` in Dutch time, of donations not erased, optionally only
   * those of `email` (any letter case, matched literally: docs/product.md §7.9), oldest first.
   */
  async paidInYear(year: number, email?: string, db: Db = this.prisma): Promise<PaidPayment[]> {
    const rows = await db.donationPayment.findMany({
      where: {
        status: 'paid',
        paidAt: { gte: dutchYearStart(year), lt: dutchYearStart(year + 1) },
        donation: { erasedAt: null, ...(email === undefined ? {} : { email: equalsIgnoringCase(email.trim()) }) },
      },
      orderBy: [{ paidAt: 'asc' }, { id: 'asc' }],
      select: {
        paidAt: true,
        amountCents: true,
        refundedCents: true,
        donation: {
          select: {
            id: true,
            email: true,
            createdAt: true,
            periodicAgreement: { select: { transactionNumber: true, completedAt: true } },
          },
        },
      },
    });
    return rows.flatMap(({ paidAt, donation, ...amounts }) =>
      paidAt && donation ? [{ paidAt, donation, ...amounts }] : [],
    );
  }

  /**
   * The paid dates of every payment still `paid` of the donations of `email` (any letter case, matched literally), not
   * erased: the years a donor can ask a statement for (docs/product.md §7.9).
   */
  async paidDatesOf(email: string, db: Db = this.prisma): Promise<Date[]> {
    const rows = await db.donationPayment.findMany({
      where: {
        status: 'paid',
        paidAt: { not: null },
        donation: { erasedAt: null, email: equalsIgnoringCase(email.trim()) },
      },
      select: { paidAt: true },
    });
    return rows.flatMap(({ paidAt }) => (paidAt ? [paidAt] : []));
  }

  findByInvoice(invoiceId: string, db: Db = this.prisma): Promise<DonationPayment | null> {
    return db.donationPayment.findUnique({ where: { stripeInvoiceId: invoiceId } });
  }

  /** A one-off gift's payment (docs/product.md §4.2): it has no invoice and is keyed by its PaymentIntent. */
  findOneOff(paymentIntentId: string, db: Db): Promise<DonationPayment | null> {
    return db.donationPayment.findFirst({ where: { stripePaymentIntentId: paymentIntentId, stripeInvoiceId: null } });
  }

  /** The payment a charge (a refund, a dispute) is about, by the charge or its payment intent. */
  findByCharge(chargeId: string | null, paymentIntentId: string | null, db: Db): Promise<DonationPayment | null> {
    const or: Prisma.DonationPaymentWhereInput[] = [];
    if (chargeId) or.push({ stripeChargeId: chargeId });
    if (paymentIntentId) or.push({ stripePaymentIntentId: paymentIntentId });
    return or.length > 0 ? db.donationPayment.findFirst({ where: { OR: or } }) : Promise.resolve(null);
  }

  findByIdOrThrow(id: string, db: Db): Promise<DonationPayment> {
    return db.donationPayment.findUniqueOrThrow({ where: { id } });
  }

  ofDonation(donationId: string, db: Db): Promise<DonationPayment[]> {
    return db.donationPayment.findMany({ where: { donationId } });
  }

  create(data: Prisma.DonationPaymentUncheckedCreateInput, db: Db): Promise<DonationPayment> {
    return db.donationPayment.create({ data });
  }

  update(id: string, data: Prisma.DonationPaymentUncheckedUpdateInput, db: Db): Promise<DonationPayment> {
    return db.donationPayment.update({ where: { id }, data });
  }

  /** The refunds of a payment Stripe reported, by the ledger. */
  refundsOf(paymentId: string, db: Db): Promise<DonationRefund[]> {
    return db.donationRefund.findMany({ where: { paymentId }, orderBy: { id: 'asc' } });
  }

  /** Stores a refund as the ledger merged it (its id is Stripe's). */
  saveRefund(refund: { id: string; paymentId: string; amountCents: number; status: string }, db: Db): Promise<unknown> {
    const { id, ...fields } = refund;
    return db.donationRefund.upsert({ where: { id }, create: refund, update: fields });
  }
}

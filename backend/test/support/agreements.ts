import { randomInt } from 'node:crypto';
import { PrismaService } from '../../src/database/prisma.service';
import type { PeriodicAgreement, Prisma } from '../../src/generated/prisma/client';
import { deliverOutcome, startDonation } from './donations';
import { stripeCharge, stripeEvent, type StripeGift } from './stripe-stub';
import type { TestStack } from './test-app';

/**
 * A periodieke gift as the signing path leaves it (docs/product.md §4.9), stored directly: donor, foundation (and
 * partner) signed, completed; the fields of `overrides` as given. The transaction number is unique per call.
 */
export async function storeAgreement(
  stack: TestStack,
  overrides: Partial<Prisma.PeriodicAgreementUncheckedCreateInput> & { email: string },
): Promise<PeriodicAgreement> {
  const prisma = stack.app.get(PrismaService);
  const monthly = overrides.monthlyAmountCents ?? 25_000;
  const completedAt =
    overrides.completedAt === undefined
      ? new Date(Date.now() - 86_400_000)
      : overrides.completedAt && new Date(overrides.completedAt);
  const agreement = await prisma.periodicAgreement.create({
    data: {
      transactionNumber: `PG-${new Date().getUTCFullYear()}-${String(randomInt(10_000_000)).padStart(7, '0')}`,
      status: 'signed',
      language: 'nl',
      firstNames: 'Anna Maria',
      surname: 'de Vries',
      birthDate: new Date('1970-04-01'),
      birthPlace: 'Utrecht',
      street: 'Lange Nieuwstraat 1',
      postalCode: '3512 PA',
      city: 'Utrecht',
      country: 'Nederland',
      termYears: 5,
      firstYear: new Date().getUTCFullYear(),
      documentSha256: 'a'.repeat(64),
      ...overrides,
      monthlyAmountCents: monthly,
      yearlyAmountCents: 12 * monthly,
      completedAt,
    },
  });
  if (completedAt) {
    await prisma.agreementSignature.createMany({
      data: [
        {
          agreementId: agreement.id,
          role: 'donor',
          method: 'online',
          signerName: 'Anna Maria de Vries',
          email: overrides.email,
          documentSha256: 'a'.repeat(64),
          signedAt: new Date(completedAt.getTime() - 3_600_000),
        },
        {
          agreementId: agreement.id,
          role: 'foundation',
          method: 'online',
          signerName: 'J. Jansen',
          signerFunction: 'secretaris',
          documentSha256: 'a'.repeat(64),
          signedAt: completedAt,
        },
      ],
    });
  }
  return agreement;
}

/**
 * The monthly gift that pays `agreement`, started as the start link does (a subscription Checkout whose donation names
 * the agreement) and, unless `paid` is false, its first invoice paid by SEPA and recorded through the webhook.
 */
export async function startAgreementGift(
  stack: TestStack,
  agreement: PeriodicAgreement,
  options: { paid?: boolean } = {},
): Promise<StripeGift> {
  const gift = await startDonation(stack, { email: agreement.email, amount: agreement.monthlyAmountCents / 100 });
  await stack.app
    .get(PrismaService)
    .donation.update({ where: { id: gift.donationId }, data: { periodicAgreementId: agreement.id } });
  stack.stripe.subscriptions.set(gift.subscription, gift.subscriptionObject({ status: 'active' }));
  expect(await deliverOutcome(stack.url, stripeEvent('checkout.session.completed', gift.session('unpaid')))).toEqual([
    200,
    'processed',
  ]);
  if (options.paid !== false) await payInvoice(stack, gift, gift.firstInvoice, 0);
  return gift;
}

/** Month `month`'s invoice of `gift` paid by SEPA Direct Debit, as Stripe reports it. */
export async function payInvoice(stack: TestStack, gift: StripeGift, invoiceId: string, month: number): Promise<void> {
  const charge = stripeCharge({
    amount: gift.amountCents,
    method: 'sepa_debit',
    status: 'succeeded',
    customer: gift.customer,
  });
  stack.stripe.invoicePayments.set(invoiceId, [gift.invoicePayment(invoiceId, charge)]);
  const event = stripeEvent('invoice.paid', gift.invoice(invoiceId, month, { status: 'paid' }));
  expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
}

export async function storedAgreement(stack: TestStack, id: string): Promise<PeriodicAgreement> {
  return stack.app.get(PrismaService).periodicAgreement.findUniqueOrThrow({ where: { id } });
}

/**
 * A JSON POST as the site's own pages send it (the same-site check of docs/product.md §7.1), in English unless `body`
 * names another language; the status and the parsed answer.
 */
export async function postFromSite(
  stack: TestStack,
  path: string,
  body: object,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(stack.config.site.publicBaseUrl).origin },
    body: JSON.stringify({ language: 'en', ...body }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

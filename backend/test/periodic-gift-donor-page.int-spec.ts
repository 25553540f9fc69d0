import { DONOR_GIFT_PATHS, type DonorGift } from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { DonorLinks } from '../src/donor-email/donor-links';
import { postFromSite, startAgreementGift, storeAgreement, storedAgreement } from './support/agreements';
import { deliverOutcome } from './support/donations';
import { stripeEvent } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * A periodieke gift on the donor's own page (docs/product.md §7.10, §4.9), through the real endpoints and the Stripe
 * stand-in: its transaction number and term are shown, its amount and a pause are refused without a call to Stripe,
 * and stopping needs a reason, which the agreement keeps; the agreement then ends as stopped.
 */
describe("a periodic gift on the donor's own page", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const post = (path: string, body: object) => postFromSite(stack, path, body);

  async function periodicGift(email: string, termYears: number | null) {
    const agreement = await storeAgreement(stack, { email, termYears, firstYear: 2026, endsOnJobLoss: true });
    const gift = await startAgreementGift(stack, agreement);
    stack.stripe.subscriptions.set(gift.subscription, gift.subscriptionObject({ status: 'active' }));
    const link = stack.app.get(DonorLinks).manageUrl(gift.donationId, 'en');
    return { agreement, gift, token: new URL(link).searchParams.get('token')! };
  }

  it('shows the transaction number and the term', async () => {
    const { agreement, token } = await periodicGift('page-terms@example.org', 5);
    const answer = await post(DONOR_GIFT_PATHS.read, { token });
    expect(answer.status).toBe(200);
    expect((answer.json.gift as DonorGift).periodic).toEqual({
      transactionNumber: agreement.transactionNumber,
      firstYear: 2026,
      lastYear: 2030,
      endClauses: ['jobLoss'],
      stoppedAt: null,
    });
    const untilDeath = await periodicGift('page-death@example.org', null);
    const read = await post(DONOR_GIFT_PATHS.read, { token: untilDeath.token });
    expect((read.json.gift as DonorGift).periodic).toMatchObject({ firstYear: 2026, lastYear: null });
  });

  it('refuses a new amount and a pause, with a clear message and without asking Stripe', async () => {
    const { token } = await periodicGift('page-fixed@example.org', 10);
    const before = stack.stripe.http.requests.length;
    for (const [path, body] of [
      [DONOR_GIFT_PATHS.amount, { token, amountCents: 30_000 }],
      [DONOR_GIFT_PATHS.pause, { token, months: 1 }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status).toBe(409);
      expect(answer.json.error).toContain('periodic gift with a fixed yearly amount');
    }
    expect(stack.stripe.http.requests.length).toBe(before);
  });

  it('stopping needs a reason of its own; the agreement keeps it and ends as stopped', async () => {
    const { agreement, gift, token } = await periodicGift('page-stop@example.org', 5);
    const before = stack.stripe.http.requests.length;
    for (const body of [{ token }, { token, reason: 'money' }]) {
      const answer = await post(DONOR_GIFT_PATHS.stop, body);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toContain('Please say why you stop your periodic gift');
    }
    expect(stack.stripe.http.requests.length).toBe(before);

    expect((await post(DONOR_GIFT_PATHS.stop, { token, reason: 'other' })).status).toBe(200);
    expect(stack.stripe.requestsTo('DELETE', `/v1/subscriptions/${gift.subscription}`)).toHaveLength(1);
    const stopped = await storedAgreement(stack, agreement.id);
    expect(stopped).toMatchObject({ stopReason: 'other', status: 'active', endedAt: null });
    expect(stopped.stoppedAt).toBeInstanceOf(Date);

    // Stripe's event about the cancellation ends the gift, and with it the agreement: stopped by the donor.
    const event = stripeEvent('customer.subscription.deleted', stack.stripe.subscriptions.get(gift.subscription)!);
    expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
    expect(await storedAgreement(stack, agreement.id)).toMatchObject({ status: 'stopped', stopReason: 'other' });
    const read = await post(DONOR_GIFT_PATHS.read, { token });
    expect(read.json.gift).toMatchObject({
      status: 'cancelled',
      periodic: { stoppedAt: stopped.stoppedAt!.toISOString() },
    });
  });

  it("an ordinary monthly gift's stop still takes an ordinary reason, or none", async () => {
    const agreementless = await periodicGift('page-ordinary@example.org', 5);
    // The same gift without its agreement is an ordinary monthly gift.
    await stack.app
      .get(PrismaService)
      .donation.update({ where: { id: agreementless.gift.donationId }, data: { periodicAgreementId: null } });
    expect((await post(DONOR_GIFT_PATHS.stop, { token: agreementless.token, reason: 'death' })).status).toBe(400);
    expect((await post(DONOR_GIFT_PATHS.stop, { token: agreementless.token, reason: 'money' })).status).toBe(200);
  });
});

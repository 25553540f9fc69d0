import { Client } from 'pg';
import { parse } from 'csv-parse/sync';
import { DONOR_GIFT_PATHS, type DonorGift } from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { DonorLinks } from '../src/donor-email/donor-links';
import { exportToBuffer } from './exports.helpers';
import { deliverOutcome, startDonation, storedDonation } from './support/donations';
import { donorMessages, insertPayment, manageLinkIn, queueDonorEmail } from './support/donors';
import { stripeCharge, stripeEvent, type StripeGift } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The donor's own page (docs/product.md §7.10), through its real endpoints: each action is exactly one Stripe call in
 * Stripe's shape (checked on the stand-in's record of requests), the ledger changes only when the webhook events that
 * follow arrive, and a bad, expired or cross-site request, or a GET from a link scanner, changes nothing.
 */
/** Each describe starts its own app (its own rate-limit counts) before its tests: these helpers use the current one. */
let stack: TestStack;
let origin: string;
async function startStack(): Promise<void> {
  stack = await startTestStack();
  origin = new URL(stack.config.site.publicBaseUrl).origin;
}

/** A call as the page makes it: JSON from the site's own origin. */
async function post(path: string, body: object, headers: Record<string, string> = { origin }) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function read(token: string): Promise<DonorGift> {
  const answer = await post(DONOR_GIFT_PATHS.read, { token, language: 'en' });
  expect(answer.status).toBe(200);
  return answer.json.gift as DonorGift;
}

/** Stripe's requests the site made since `from` (method, path, form body). */
const stripeCallsSince = (from: number) =>
  stack.stripe.http.requests
    .slice(from)
    .map((request) => ({ method: request.method, path: request.path.split('?')[0], body: request.body }));

/** A monthly gift paid by iDEAL and then SEPA, driven through the webhook as Stripe would; and its link token. */
async function activeGift(email: string, language = 'en'): Promise<{ gift: StripeGift; token: string }> {
  const gift = await startDonation(stack, { email, amount: 25, language });
  const charge = stripeCharge({ amount: 2500, method: 'sepa_debit', status: 'succeeded', customer: gift.customer });
  stack.stripe.invoicePayments.set(gift.firstInvoice, [gift.invoicePayment(gift.firstInvoice, charge)]);
  const subscription = gift.subscriptionObject({ status: 'active', month: 2 });
  stack.stripe.subscriptions.set(gift.subscription, subscription);
  for (const event of [
    stripeEvent('checkout.session.completed', gift.session('paid')),
    stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
    stripeEvent('customer.subscription.updated', subscription),
  ]) {
    expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
  }
  const link = stack.app.get(DonorLinks).manageUrl(gift.donationId, 'en');
  return { gift, token: new URL(link).searchParams.get('token')! };
}

/** What Stripe sends after a change made through its API: the subscription as it now is. */
async function stripeReports(gift: StripeGift, type = 'customer.subscription.updated'): Promise<void> {
  const event = stripeEvent(type, stack.stripe.subscriptions.get(gift.subscription)!);
  expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
}

describe("the donor's own page", () => {
  beforeAll(startStack);
  afterAll(() => stack.close());

  it('shows the gift from the emailed link: amount, since when, status, method, next debit, this and last year', async () => {
    const { gift } = await activeGift('page@example.org');
    // A payment three years ago is not listed; one of last year is.
    const lastYear = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 5, 15, 10));
    await insertPayment(stack, { intentId: gift.donationId, amountCents: 2500, paidAt: lastYear });
    await insertPayment(stack, {
      intentId: gift.donationId,
      amountCents: 2500,
      paidAt: new Date(Date.UTC(new Date().getUTCFullYear() - 3, 5, 15)),
    });
    await queueDonorEmail(stack, {
      donationId: gift.donationId,
      kind: 'manage_link',
      onceKey: `manage_link:${gift.donationId}:page`,
    });
    const [message] = await donorMessages(stack, 'page@example.org', 1);
    const token = new URL(manageLinkIn(message.text)).searchParams.get('token')!;

    const before = stack.stripe.http.requests.length;
    const shown = await read(token);
    const { donation } = await storedDonation(stack, gift.donationId);
    expect(shown).toEqual({
      language: 'en',
      amountCents: 2500,
      status: 'active',
      startedAt: donation.startedAt!.toISOString(),
      pausedUntil: null,
      paymentMethodType: 'sepa_debit',
      nextPaymentAt: donation.nextPaymentAt!.toISOString(),
      payments: [
        { date: expect.any(String) as string, amountCents: 2500, status: 'paid' },
        { date: lastYear.toISOString(), amountCents: 2500, status: 'paid' },
      ],
      // An ordinary monthly gift: no periodic gift agreement behind it.
      periodic: null,
    });
    // Reading asks Stripe nothing.
    expect(stripeCallsSince(before)).toEqual([]);
  });

  it('changes the amount from the next debit with one subscription update, no charge today, and thanks by email', async () => {
    const { gift, token } = await activeGift('more@example.org');
    const before = stack.stripe.http.requests.length;
    expect(await post(DONOR_GIFT_PATHS.amount, { token, language: 'en', amountCents: 5000 })).toEqual({
      status: 200,
      json: { success: true },
    });
    const calls = stripeCallsSince(before);
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /v1/subscriptions/${gift.subscription}`,
      `POST /v1/subscriptions/${gift.subscription}`,
    ]);
    expect(Object.fromEntries(new URLSearchParams(calls[1].body))).toEqual({
      'items[0][id]': gift.subscriptionItem,
      'items[0][price_data][currency]': 'eur',
      'items[0][price_data][product]': gift.product,
      'items[0][price_data][recurring][interval]': 'month',
      'items[0][price_data][unit_amount]': '5000',
      proration_behavior: 'none',
    });
    // The page never writes the ledger: until Stripe's event arrives, the gift reads as before.
    expect((await read(token)).amountCents).toBe(2500);
    await stripeReports(gift);
    expect(await read(token)).toMatchObject({ amountCents: 5000, status: 'active' });

    // The welcome of the first payment, and the confirmation of the change.
    const mail = (await donorMessages(stack, 'more@example.org', 2)).find(
      (m) => m.subject !== 'Thank you for your monthly gift',
    )!;
    expect(mail.subject).toBe('Your new monthly gift');
    expect(mail.text).toContain(
      'Thank you for giving more! From your next monthly debit on, your gift is €50 a month instead of €25.',
    );
    expect(mail.text).toContain('Nothing extra is charged today');
  });

  it('refuses an amount outside the monthly limits, or not in whole cents, without calling Stripe', async () => {
    const { token } = await activeGift('limits@example.org');
    const before = stack.stripe.http.requests.length;
    for (const amountCents of [499, 1_000_001, 12.5, '2500', null]) {
      const answer = await post(DONOR_GIFT_PATHS.amount, { token, language: 'en', amountCents });
      expect({ amountCents, status: answer.status, fields: Object.keys(answer.json.fields as object) }).toEqual({
        amountCents,
        status: 400,
        fields: ['amountCents'],
      });
    }
    // The limits themselves are allowed: €5 and €10,000.
    expect((await post(DONOR_GIFT_PATHS.amount, { token, amountCents: 500 })).status).toBe(200);
    expect((await post(DONOR_GIFT_PATHS.amount, { token, amountCents: 1_000_000 })).status).toBe(200);
    expect(stripeCallsSince(before).filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('pauses for three months (void), shows "paused until", and resumes at once', async () => {
    const { gift, token } = await activeGift('pause@example.org');
    const before = stack.stripe.http.requests.length;
    const asked = Date.now();
    expect((await post(DONOR_GIFT_PATHS.pause, { token, months: 3 })).status).toBe(200);
    const [pause] = stripeCallsSince(before);
    expect(`${pause.method} ${pause.path}`).toBe(`POST /v1/subscriptions/${gift.subscription}`);
    const params = Object.fromEntries(new URLSearchParams(pause.body));
    expect(Object.keys(params).sort()).toEqual(['pause_collection[behavior]', 'pause_collection[resumes_at]']);
    expect(params['pause_collection[behavior]']).toBe('void');
    const resumesAt = Number(params['pause_collection[resumes_at]']) * 1000;
    // Three calendar months: between 89 and 92 days from now.
    expect(resumesAt - asked).toBeGreaterThan(89 * DAY - 5000);
    expect(resumesAt - asked).toBeLessThan(92 * DAY + 5000);

    await stripeReports(gift);
    expect(await read(token)).toMatchObject({
      status: 'paused',
      pausedUntil: new Date(resumesAt).toISOString(),
      nextPaymentAt: null,
    });

    const beforeResume = stack.stripe.http.requests.length;
    expect((await post(DONOR_GIFT_PATHS.resume, { token })).status).toBe(200);
    const [resume] = stripeCallsSince(beforeResume);
    expect([resume.method, resume.path, resume.body]).toEqual([
      'POST',
      `/v1/subscriptions/${gift.subscription}`,
      'pause_collection=',
    ]);
    await stripeReports(gift);
    expect(await read(token)).toMatchObject({ status: 'active', pausedUntil: null });
    // Resuming a gift that is not paused is refused without a call.
    const afterResume = stack.stripe.http.requests.length;
    expect((await post(DONOR_GIFT_PATHS.resume, { token })).status).toBe(409);
    expect(stripeCallsSince(afterResume)).toEqual([]);
  });

  it('stops at once with the reason kept for staff (in the donations export); a stopped gift takes no more changes', async () => {
    const { gift, token } = await activeGift('stop@example.org');
    const before = stack.stripe.http.requests.length;
    expect((await post(DONOR_GIFT_PATHS.stop, { token, reason: 'money' })).status).toBe(200);
    expect(stripeCallsSince(before)).toEqual([
      { method: 'DELETE', path: `/v1/subscriptions/${gift.subscription}`, body: '' },
    ]);
    await stripeReports(gift, 'customer.subscription.deleted');
    expect(await read(token)).toMatchObject({ status: 'cancelled', nextPaymentAt: null });

    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      const rows = parse<Record<string, string>>(await exportToBuffer(db, 'donations', 'csv'), {
        bom: true,
        columns: true,
      });
      expect(rows.find((row) => row.id === gift.donationId)).toMatchObject({
        status: 'cancelled',
        stop_reason: 'money',
      });
    } finally {
      await db.end();
    }

    const after = stack.stripe.http.requests.length;
    for (const [path, body] of [
      [DONOR_GIFT_PATHS.amount, { amountCents: 3000 }],
      [DONOR_GIFT_PATHS.pause, { months: 1 }],
      [DONOR_GIFT_PATHS.stop, {}],
      [DONOR_GIFT_PATHS.paymentMethod, {}],
    ] as const) {
      expect({ path, status: (await post(path, { token, ...body })).status }).toEqual({ path, status: 409 });
    }
    expect(stripeCallsSince(after)).toEqual([]);
    // A reason from outside the list is refused before anything happens.
    const other = await activeGift('stop-other@example.org');
    expect((await post(DONOR_GIFT_PATHS.stop, { token: other.token, reason: 'because' })).status).toBe(400);
  });

  it('opens a Stripe portal session limited to updating the payment method, back to the page', async () => {
    const { gift, token } = await activeGift('method@example.org');
    const answer = await post(DONOR_GIFT_PATHS.paymentMethod, { token, language: 'en' });
    const session = stack.stripe.portal.sessions.at(-1)!;
    expect(answer).toEqual({ status: 200, json: { success: true, url: `${stack.stripe.url}/portal/${session.id}` } });
    expect(Object.fromEntries(session.params)).toEqual({
      customer: gift.customer,
      locale: 'en',
      return_url: `${stack.config.site.publicBaseUrl}/en/my-donation`,
      'flow_data[type]': 'payment_method_update',
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]': `${stack.config.site.publicBaseUrl}/en/my-donation`,
    });
  });

  it('a GET or HEAD of any of its addresses (a link scanner) changes nothing and calls nobody', async () => {
    const { gift, token } = await activeGift('scanner@example.org');
    const prisma = stack.app.get(PrismaService);
    const stored = await prisma.donation.findUniqueOrThrow({ where: { id: gift.donationId } });
    const before = stack.stripe.http.requests.length;
    const emails = await prisma.donorEmail.count({ where: { donationId: gift.donationId } });
    for (const path of Object.values(DONOR_GIFT_PATHS)) {
      for (const method of ['GET', 'HEAD']) {
        const query = new URLSearchParams({ token, months: '1', amountCents: '3000', reason: 'money' });
        const response = await fetch(`${stack.url}${path}?${query}`, { method });
        // No route answers a GET under /api but its own (health): the 403 page of §2.2 (docs/product.md).
        expect({ path, method, status: response.status }).toEqual({ path, method, status: 403 });
      }
    }
    expect(stripeCallsSince(before)).toEqual([]);
    expect(await prisma.donation.findUniqueOrThrow({ where: { id: gift.donationId } })).toEqual(stored);
    expect(await prisma.donorEmail.count({ where: { donationId: gift.donationId } })).toBe(emails);
  });
});

describe("the donor's own page under load (its own app, so earlier calls do not count)", () => {
  beforeAll(startStack);
  afterAll(() => stack.close());

  it('takes five actions a minute from one client address, then 429 without calling Stripe', async () => {
    const gift = await startDonation(stack, { email: 'burst-page@example.org', amount: 25 });
    await stack.app.get(PrismaService).donation.update({
      where: { id: gift.donationId },
      data: { status: 'active', stripeCustomerId: gift.customer, stripeSubscriptionId: gift.subscription },
    });
    stack.stripe.subscriptions.set(gift.subscription, gift.subscriptionObject({ status: 'active' }));
    const token = new URL(stack.app.get(DonorLinks).manageUrl(gift.donationId, 'en')).searchParams.get('token')!;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${stack.url}${DONOR_GIFT_PATHS.pause}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ token, months: 1 }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(stack.stripe.requestsTo('POST', `/v1/subscriptions/${gift.subscription}`)).toHaveLength(5);
  });
});

describe("the donor's own page refuses (its own app: refusals count against the client's limit too)", () => {
  beforeAll(startStack);
  afterAll(() => stack.close());

  it('refuses a forged, expired or missing token, another site, and a form post, and calls Stripe for none', async () => {
    const { gift, token } = await activeGift('refuse@example.org');
    const expired = new URL(
      stack.app.get(DonorLinks).manageUrl(gift.donationId, 'en', new Date(Date.now() - 31 * DAY)),
    ).searchParams.get('token')!;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const before = stack.stripe.http.requests.length;
    const fieldsOf: Record<string, object> = {
      [DONOR_GIFT_PATHS.amount]: { amountCents: 3000 },
      [DONOR_GIFT_PATHS.pause]: { months: 1 },
    };
    for (const path of Object.values(DONOR_GIFT_PATHS)) {
      const body = fieldsOf[path] ?? {};
      expect(await post(path, { ...body, token: forged })).toMatchObject({
        status: 403,
        json: { success: false, problem: 'invalid' },
      });
      expect(await post(path, { ...body, token: expired })).toMatchObject({
        status: 403,
        json: { success: false, problem: 'expired' },
      });
      expect((await post(path, body)).status).toBe(400);
      // A page on another site (its Origin, or the browser's Sec-Fetch-Site) is refused before the body is read.
      expect((await post(path, { ...body, token }, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await post(path, { ...body, token }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      const form = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ token, months: '1', amountCents: '3000' }).toString(),
      });
      expect(form.status).toBe(415);
    }
    expect(stripeCallsSince(before)).toEqual([]);
  });
});

import { DONOR_STATEMENT_PATHS, FOUNDATION, formatEuro } from '@stichting/contracts';
import { signDonorLink } from '../src/donor-email/donor-link.token';
import { StatementsService } from '../src/donor-email/statements.service';
import { deliverOutcome, startDonation, storedDonation, type StripeTestEvent } from './support/donations';
import { donorMessages, insertDonation, insertPayment } from './support/donors';
import { stripeCharge, stripeEvent, type StripeGift } from './support/stripe-stub';
import { sql, waitFor } from './support/submissions';
import { pdfText } from './support/pdf-text';
import { startTestStack, type TestStack } from './support/test-app';

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** Three donors of 2026, one per language, and one who gave a large amount the statements must never mix in. */
async function seedDonors(stack: TestStack) {
  const iris = await insertDonation(stack, { email: 'iris@example.org', language: 'nl' });
  await insertPayment(stack, { intentId: iris, amountCents: 2500, paidAt: new Date('2026-01-15T10:00:00Z') });
  await insertPayment(stack, { intentId: iris, amountCents: 1050, paidAt: new Date('2026-02-15T10:00:00Z') });
  await insertPayment(stack, { intentId: iris, amountCents: 2500, paidAt: new Date('2025-12-15T10:00:00Z') });
  const tom = await insertDonation(stack, { email: 'tom@example.org', language: 'en' });
  await insertPayment(stack, { intentId: tom, amountCents: 5000, paidAt: new Date('2026-06-01T10:00:00Z') });
  const rosa = await insertDonation(stack, { email: 'rosa@example.org', language: 'es' });
  await insertPayment(stack, { intentId: rosa, amountCents: 10000, paidAt: new Date('2026-04-01T10:00:00Z') });
  const other = await insertDonation(stack, { email: 'someone-else@example.org', language: 'nl' });
  await insertPayment(stack, { intentId: other, amountCents: 777700, paidAt: new Date('2026-03-01T10:00:00Z') });
  return { iris, tom, rosa };
}

describe('the yearly statement email carries the statement as a PDF (docs/product.md §7.9)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    await seedDonors(stack);
    await stack.app.get(StatementsService).queueStatements({ year: 2026, dryRun: false });
  });
  afterAll(() => stack.close());

  it.each([
    [
      'iris@example.org',
      'nl',
      'jaaroverzicht-giften-2026.pdf',
      ['15 januari 2026', '15 februari 2026'],
      35.5,
      'Totaal',
    ],
    ['tom@example.org', 'en', 'gift-statement-2026.pdf', ['1 June 2026'], 50, 'Total'],
    ['rosa@example.org', 'es', 'resumen-donaciones-2026.pdf', ['1 de abril de 2026'], 100, 'Total'],
  ] as const)('%s gets the PDF of their own gifts in %s', async (address, language, file, days, total, totalWord) => {
    const [message] = await donorMessages(stack, address, 1);
    expect(message.attachments).toHaveLength(1);
    const [pdf] = message.attachments;
    expect(pdf).toMatchObject({ filename: file, contentType: 'application/pdf' });
    const text = oneLine(await pdfText(pdf.content));
    for (const day of days) expect(text).toContain(day);
    expect(text).toContain(oneLine(`${totalWord} 2026 ${formatEuro(total, language)}`));
    expect(text).toContain(`${FOUNDATION.name} · RSIN ${FOUNDATION.rsin}`);
    expect(text).toContain('ANBI');
    // Only this donor's gifts of this year: not another donor's, not last December's.
    expect(text).not.toContain(formatEuro(7777, language));
    expect(text).not.toContain('2025');
    // The email says so, in the donor's language.
    expect(message.text).toContain(
      { nl: 'als pdf in de bijlage', en: 'attached as a PDF', es: 'en PDF como archivo adjunto' }[language],
    );
  });
});

describe('the statement from the donor page: POST /api/donations/statement and /statement-years', () => {
  let stack: TestStack;
  let donors: Awaited<ReturnType<typeof seedDonors>>;
  const tokenFor = (donationId: string, expiresAt = new Date(Date.now() + 3_600_000)) =>
    signDonorLink(donationId, expiresAt, stack.config.donorLinks.secret);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: new URL(stack.config.site.publicBaseUrl).origin,
        ...headers,
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    stack = await startTestStack();
    donors = await seedDonors(stack);
  });
  afterAll(() => stack.close());

  it('lists the years with gifts, newest first', async () => {
    const response = await post(DONOR_STATEMENT_PATHS.years, { token: tokenFor(donors.iris), language: 'nl' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, years: [2026, 2025] });
  });

  it("answers the year's PDF as a download in the page's language, with the donor's gifts only", async () => {
    const response = await post(DONOR_STATEMENT_PATHS.download, {
      token: tokenFor(donors.iris),
      language: 'en',
      year: 2026,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="gift-statement-2026.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = oneLine(await pdfText(Buffer.from(await response.arrayBuffer())));
    expect(text).toContain('15 January 2026');
    expect(text).toContain(oneLine(`Total 2026 ${formatEuro(35.5, 'en')}`));
    expect(text).toContain(`${FOUNDATION.name} · RSIN ${FOUNDATION.rsin}`);
    expect(text).not.toContain(formatEuro(7777, 'en'));
    // Without a language, the donation's own.
    const dutch = await post(DONOR_STATEMENT_PATHS.download, { token: tokenFor(donors.iris), year: 2025 });
    expect(oneLine(await pdfText(Buffer.from(await dutch.arrayBuffer())))).toContain(
      oneLine(`Totaal 2025 ${formatEuro(25, 'nl')}`),
    );
  });

  it('answers 404 with a JSON error for a year without gifts', async () => {
    const response = await post(DONOR_STATEMENT_PATHS.download, { token: tokenFor(donors.tom), year: 2025 });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: 'There are no gifts in 2025 to list.' });
  });

  it('refuses a forged, expired or missing token, a bad year, and another site', async () => {
    const forged = `${tokenFor(donors.iris).slice(0, -2)}AA`;
    const expired = tokenFor(donors.iris, new Date(Date.now() - 1000));
    const refused = async (body: unknown, headers?: Record<string, string>) => {
      const response = await post(DONOR_STATEMENT_PATHS.download, body, headers);
      return { status: response.status, body: (await response.json()) as { success: boolean; error: string } };
    };
    expect(await refused({ token: forged, year: 2026 })).toEqual({
      status: 403,
      body: { success: false, error: 'This link does not work.', problem: 'invalid' },
    });
    expect(await refused({ token: expired, year: 2026 })).toEqual({
      status: 403,
      body: { success: false, error: 'This link has expired.', problem: 'expired' },
    });
    expect((await refused({ year: 2026 })).status).toBe(400);
    expect((await refused({ token: tokenFor(donors.iris), year: 'last' })).status).toBe(400);
    expect((await refused({ token: tokenFor(donors.iris), year: 1999 })).status).toBe(400);
    const crossSite = await refused(
      { token: tokenFor(donors.iris), year: 2026 },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe('Requests from other sites are not accepted.');
    const years = await post(DONOR_STATEMENT_PATHS.years, { token: forged });
    expect(years.status).toBe(403);
  });

  it('a GET of the download address serves no statement', async () => {
    const response = await fetch(`${stack.url}${DONOR_STATEMENT_PATHS.download}?year=2026`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('content-type')).not.toContain('pdf');
  });
});

describe('a corrected statement when a refund changes a year already stated (docs/product.md §7.9)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  async function deliverAll(events: StripeTestEvent[], expected = 'processed'): Promise<void> {
    for (const event of events) {
      expect([event.type, ...(await deliverOutcome(stack.url, event))]).toEqual([event.type, 200, expected]);
    }
  }

  /** A gift whose first two months were charged by card in June and July 2025, as the webhook reports them. */
  async function twoPaidMonths(email: string, language: string) {
    const gift: StripeGift = await startDonation(stack, { email, amount: 25, language });
    const [june, july] = [Date.UTC(2025, 5, 2, 10), Date.UTC(2025, 6, 2, 10)].map((when) =>
      stripeCharge({
        amount: gift.amountCents,
        method: 'card',
        status: 'succeeded',
        customer: gift.customer,
        created: when / 1000,
      }),
    );
    const second = `${gift.firstInvoice}_2`;
    stack.stripe.invoicePayments.set(gift.firstInvoice, [gift.invoicePayment(gift.firstInvoice, june)]);
    stack.stripe.invoicePayments.set(second, [gift.invoicePayment(second, july)]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
      stripeEvent('invoice.paid', gift.invoice(second, 1, { status: 'paid' })),
    ]);
    expect((await storedDonation(stack, gift.donationId)).payments).toEqual([
      expect.objectContaining({ status: 'paid', paidAt: new Date(Date.UTC(2025, 5, 2, 10)) }),
      expect.objectContaining({ status: 'paid', paidAt: new Date(Date.UTC(2025, 6, 2, 10)) }),
    ]);
    return { gift, july };
  }

  const statementSent = (email: string) =>
    waitFor(
      async () =>
        (
          await sql(
            stack,
            `SELECT 1 FROM donor_emails m JOIN donations d ON d.id = m.donation_id
             WHERE lower(d.email) = $1 AND m.kind = 'statement' AND m.sent_at IS NOT NULL`,
            [email],
          )
        ).length,
      20_000,
      `the statement to ${email} to be sent`,
    );

  it('a refund after the statement went out brings exactly one corrected statement; the same event again none', async () => {
    const { july } = await twoPaidMonths('ana@example.org', 'es');
    await stack.app.get(StatementsService).queueStatements({ year: 2025, email: 'ana@example.org', dryRun: false });
    await statementSent('ana@example.org');
    // The welcome and the statement, in whichever order the worker sent them.
    const subjects = (await donorMessages(stack, 'ana@example.org', 2)).map((message) => message.subject);
    expect(subjects).toContain('Resumen anual de tus donaciones en 2025');

    // July is refunded in full: 2025 now holds one gift of €25 instead of two.
    const refund = stripeEvent('charge.refunded', { ...july, amount_refunded: 2500, refunded: true });
    await deliverAll([refund]);
    const messages = await donorMessages(stack, 'ana@example.org', 3);
    const corrected = messages.find((m) => m.subject?.includes('corregido'))!;
    expect(corrected.subject).toBe('Resumen anual corregido de tus donaciones en 2025');
    expect(corrected.text.split('\n\n')[1]).toMatch(
      /^Este es un resumen anual corregido\. Sustituye al resumen de 2025/,
    );
    expect(oneLine(corrected.text)).toContain(oneLine(`Total 2025 ${formatEuro(25, 'es')}`));
    const [pdf] = corrected.attachments;
    expect(pdf.filename).toBe('resumen-donaciones-corregido-2025.pdf');
    const text = oneLine(await pdfText(pdf.content));
    expect(text).toContain('Este es un resumen anual corregido');
    expect(text).toContain('2 de junio de 2025');
    expect(text).not.toContain('2 de julio de 2025');
    expect(text).toContain(oneLine(`Total 2025 ${formatEuro(25, 'es')}`));

    // The same event delivered again, and the same news in a new event: nothing more to correct.
    await deliverAll([refund], 'duplicate');
    await deliverAll([stripeEvent('charge.refunded', { ...july, amount_refunded: 2500, refunded: true })]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stack.smtp.to('ana@example.org')).toHaveLength(3);
  });

  it('a refund in a year whose statement has not gone out asks for no correction', async () => {
    const { july } = await twoPaidMonths('ben@example.org', 'en');
    await deliverAll([stripeEvent('charge.refunded', { ...july, amount_refunded: 2500, refunded: true })]);
    await stack.app.get(StatementsService).queueStatements({ year: 2025, email: 'ben@example.org', dryRun: false });
    const statement = (await donorMessages(stack, 'ben@example.org', 2)).find((m) => m.subject?.startsWith('Annual'))!;
    expect(statement.subject).toBe('Annual statement of your gifts in 2025');
    expect(oneLine(statement.text)).toContain(oneLine(`Total 2025 ${formatEuro(25, 'en')}`));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stack.smtp.to('ben@example.org')).toHaveLength(2);
  });
});

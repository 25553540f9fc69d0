import { createHash } from 'node:crypto';
import {
  FOUNDATION,
  PERIODIC_GIFT_PATHS,
  TRANSACTION_NUMBER_PATTERN,
  type AgreementLinkAnswer,
} from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { donorMessages, type DonorMessage } from './support/donors';
import { pdfText } from './support/pdf-text';
import { passToken } from './support/turnstile-stub';
import { startTestStack, TEST_STAFF_EMAIL, type TestStack } from './support/test-app';

/**
 * The periodieke gift signed online (docs/product.md §4.9), through the real endpoints, SMTP sink and stand-in Stripe:
 * the form, the emailed links, every signature with its audit line over the stored document, the foundation's
 * countersignature, the final PDF, and the start of the debits at Checkout; and each refusal a signer would meet.
 */
let stack: TestStack;
let origin: string;
/** An answer's body, read loosely: each test checks the fields it names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');
const thisYear = () =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date()));

async function post(path: string, body: object) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  const isPdf = response.headers.get('content-type')?.includes('pdf');
  return {
    status: response.status,
    headers: response.headers,
    json: isPdf ? {} : ((await response.json()) as Json),
    bytes: isPdf ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0),
  };
}

function request(email: string, overrides: Record<string, unknown> = {}) {
  return {
    language: 'en',
    email,
    firstNames: 'Anna Maria',
    surname: 'de Vries',
    birthDate: '1970-03-12',
    birthPlace: 'Utrecht',
    street: 'Dorpsstraat 12',
    postalCode: '1234 AB',
    city: 'Alkmaar',
    country: 'Nederland',
    monthlyAmountCents: 25000,
    termYears: 5,
    firstYear: thisYear(),
    endClauses: ['jobLoss', 'anbiLoss'],
    turnstileToken: passToken('periodic-gift'),
    ...overrides,
  };
}

const tokenIn = (message: DonorMessage) => {
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no link in "${message.subject}"`);
  return match[1];
};

async function lastMessageTo(address: string, count: number, subject: RegExp): Promise<DonorMessage> {
  const messages = await donorMessages(stack, address, count);
  const found = messages.filter((message) => subject.test(message.subject)).at(-1);
  if (!found) throw new Error(`no message "${subject}" to ${address}`);
  return found;
}

const agreementRow = (transactionNumber: string) =>
  stack.app
    .get(PrismaService)
    .periodicAgreement.findUniqueOrThrow({ where: { transactionNumber }, include: { signatures: true } });

describe('the periodieke gift, signed online', () => {
  beforeAll(async () => {
    stack = await startTestStack();
    origin = new URL(stack.config.site.publicBaseUrl).origin;
  });
  afterAll(() => stack.close());

  it('goes from the form to the countersigned PDF and a subscription Checkout for exactly the monthly amount', async () => {
    const donor = 'anna@example.org';
    const partner = 'piet@example.org';
    const created = await post(
      PERIODIC_GIFT_PATHS.create,
      request(donor, {
        partner: {
          firstNames: 'Pieter Jan',
          surname: 'Bakker',
          birthDate: '1968-11-02',
          birthPlace: 'Leiden',
          email: partner,
        },
      }),
    );
    expect(created.status).toBe(201);
    const number = created.json.transactionNumber as string;
    expect(number).toMatch(TRANSACTION_NUMBER_PATTERN);
    expect(number.startsWith(`PG-${thisYear()}-`)).toBe(true);

    // The donor verifies their address; the page reads the link first (which changes nothing).
    const verifyToken = tokenIn(await lastMessageTo(donor, 1, /Confirm your email/));
    const read = await post(PERIODIC_GIFT_PATHS.read, { token: verifyToken, language: 'en' });
    expect(read.status).toBe(200);
    expect((read.json as AgreementLinkAnswer & { success: true }).purpose).toBe('verify_email');
    expect((await agreementRow(number)).status).toBe('awaiting_verification');
    const verified = await post(PERIODIC_GIFT_PATHS.verify, { token: verifyToken, language: 'en' });
    expect(verified.status).toBe(200);
    const signToken = verified.json.signToken as string;
    const again = await post(PERIODIC_GIFT_PATHS.verify, { token: verifyToken, language: 'nl' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, problem: 'used', error: 'Deze link is al gebruikt.' });

    // The document downloaded is the one whose hash is stored.
    const document = await post(PERIODIC_GIFT_PATHS.document, { token: signToken, language: 'en' });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-disposition')).toContain('attachment');
    const stored = await agreementRow(number);
    expect(sha256(document.bytes)).toBe(stored.documentSha256);

    const toSign = (await post(PERIODIC_GIFT_PATHS.read, { token: signToken, language: 'en' })).json;
    expect(toSign.expectedSignerName).toBe('Anna Maria de Vries');
    expect(toSign.agreement.yearlyAmountInDutchWords).toBe('drieduizend euro');
    expect((toSign.agreement.readingTranslation as string[]).join(' ')).toContain('€3,000');

    const mismatch = await post(PERIODIC_GIFT_PATHS.sign, {
      token: signToken,
      language: 'es',
      name: 'Anna de Vries',
      consent: true,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.fields.name).toMatch(/no coincide/);
    const noConsent = await post(PERIODIC_GIFT_PATHS.sign, {
      token: signToken,
      language: 'en',
      name: 'Anna Maria de Vries',
      consent: false,
    });
    expect(noConsent.status).toBe(400);
    const signed = await post(PERIODIC_GIFT_PATHS.sign, {
      token: signToken,
      language: 'en',
      name: '  anna  maria DE vries ',
      consent: true,
    });
    expect(signed.json).toEqual({ success: true, status: 'awaiting_signatures' });
    const twice = await post(PERIODIC_GIFT_PATHS.sign, {
      token: signToken,
      language: 'en',
      name: 'Anna Maria de Vries',
      consent: true,
    });
    expect(twice.status).toBe(409);
    expect(twice.json.problem).toBe('used');

    // The partner is invited only now, and signs through their own link.
    const partnerToken = tokenIn(await lastMessageTo(partner, 1, /co-sign/));
    const partnerSigned = await post(PERIODIC_GIFT_PATHS.sign, {
      token: partnerToken,
      language: 'en',
      name: 'Pieter Jan Bakker',
      consent: true,
    });
    expect(partnerSigned.json).toEqual({ success: true, status: 'awaiting_countersignature' });

    // Staff countersign from their email's link; the signatory is the configured one.
    const staffMail = await lastMessageTo(TEST_STAFF_EMAIL, 1, new RegExp(`${number} ondertekend`));
    const countersignToken = tokenIn(staffMail);
    const countersigned = await post(PERIODIC_GIFT_PATHS.countersign, { token: countersignToken, language: 'nl' });
    expect(countersigned.json).toEqual({ success: true, status: 'signed' });

    const row = await agreementRow(number);
    expect(row.status).toBe('signed');
    expect(row.signatures.map((s) => s.role).sort()).toEqual(['donor', 'foundation', 'partner']);
    for (const signature of row.signatures) expect(signature.documentSha256).toBe(sha256(row.document!));
    expect(row.signatures.find((s) => s.role === 'donor')).toMatchObject({ method: 'online', email: donor });

    // The final PDF, mailed to donor and partner: every element a private agreement must hold, every audit line.
    const completed = await lastMessageTo(donor, 2, /signed by all parties/);
    expect((await lastMessageTo(partner, 2, /signed by all parties/)).attachments).toHaveLength(1);
    const [pdf] = completed.attachments;
    expect(Buffer.compare(pdf.content, Buffer.from(row.finalDocument!))).toBe(0);
    const text = (await pdfText(pdf.content)).replace(/\s+/g, ' ');
    for (const expected of [
      number,
      `RSIN ${FOUNDATION.rsin}`,
      FOUNDATION.name,
      'Anna Maria de Vries',
      'geboren op 12 maart 1970 te Utrecht',
      'Dorpsstraat 12, 1234 AB Alkmaar, Nederland',
      'Pieter Jan Bakker',
      '€ 3.000',
      'zegge: drieduizend euro',
      'twaalf gelijke maandelijkse termijnen van € 250',
      'gedurende 5 (vijf) jaar',
      `De eerste uitkering vindt plaats in ${thisYear()}`,
      'bij het overlijden van de schenker',
      'onvrijwillig werkloos',
      'niet langer als ANBI',
      'Schenker: Anna Maria de Vries',
      `geverifieerd e-mailadres: ${donor}`,
      'Partner van de schenker: Pieter Jan Bakker',
      `Namens ${FOUNDATION.name}`,
      `SHA-256 van het ondertekende document: ${row.documentSha256}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('arbeidsongeschikt');

    // The donor starts the debits: a subscription Checkout for exactly €250 a month, marked as this agreement.
    const startToken = tokenIn(completed);
    const before = stack.stripe.sessions.length;
    const started = await post(PERIODIC_GIFT_PATHS.startDebits, {
      token: startToken,
      language: 'en',
      replaceGift: false,
    });
    expect(started.status).toBe(200);
    expect(started.json.url).toContain('/checkout/');
    const session = stack.stripe.sessions[before].params;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('25000');
    expect(session.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(session.get('metadata[periodic_agreement_id]')).toBe(row.id);
    expect(session.get('subscription_data[metadata][periodic_agreement_id]')).toBe(row.id);
    const gift = await stack.app
      .get(PrismaService)
      .donation.findUniqueOrThrow({ where: { periodicAgreementId: row.id } });
    expect(session.get('metadata[donation_id]')).toBe(gift.id);
    expect(gift).toMatchObject({ frequency: 'monthly', amountCents: 25000, email: donor, status: 'open' });
  });

  it("refuses a term under five years, an amount outside the limits, a minor, a forged link, in the visitor's language", async () => {
    const short = await post(PERIODIC_GIFT_PATHS.create, request('short@example.org', { termYears: 4 }));
    expect(short.status).toBe(400);
    expect(short.json.codes.termYears).toBe('too_small');
    const low = await post(PERIODIC_GIFT_PATHS.create, request('low@example.org', { monthlyAmountCents: 400 }));
    expect(low.json.codes.monthlyAmountCents).toBe('too_small');
    const high = await post(PERIODIC_GIFT_PATHS.create, request('high@example.org', { monthlyAmountCents: 1_000_001 }));
    expect(high.json.codes.monthlyAmountCents).toBe('too_large');
    const minor = await post(
      PERIODIC_GIFT_PATHS.create,
      request('minor@example.org', { language: 'nl', birthDate: `${thisYear() - 10}-01-01` }),
    );
    expect(minor.status).toBe(400);
    expect(minor.json.fields.birthDate).toBe('Wie ondertekent moet minstens 18 jaar oud zijn.');
    const forged = await post(PERIODIC_GIFT_PATHS.read, { token: 'A'.repeat(43), language: 'es' });
    expect(forged.status).toBe(403);
    expect(forged.json).toMatchObject({
      success: false,
      problem: 'invalid',
      error: expect.stringMatching(/no funciona/),
    });
    expect(await stack.app.get(PrismaService).periodicAgreement.count({ where: { email: { contains: 'low' } } })).toBe(
      0,
    );
  });

  it('answers GET and HEAD of every path with the 403 page and uses no link (a link scanner changes nothing)', async () => {
    const email = 'scanner@example.org';
    expect((await post(PERIODIC_GIFT_PATHS.create, request(email))).status).toBe(201);
    const token = tokenIn(await lastMessageTo(email, 1, /Confirm your email/));
    for (const path of Object.values(PERIODIC_GIFT_PATHS)) {
      for (const method of ['GET', 'HEAD']) {
        const query = new URLSearchParams({ token, language: 'en', name: 'Anna Maria de Vries', consent: 'true' });
        const response = await fetch(`${stack.url}${path}?${query}`, { method });
        // No route answers a GET under /api but its own (health): the 403 page of §2.2 (docs/product.md).
        expect({ path, method, status: response.status }).toEqual({ path, method, status: 403 });
      }
    }
    expect((await post(PERIODIC_GIFT_PATHS.verify, { token, language: 'en' })).status).toBe(200);
  });
});

import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FOUNDATION, PERIODIC_GIFT_PATHS } from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { AgreementLinks } from '../src/periodic-gift/agreement-links';
import { periodicText } from '../src/periodic-gift/periodic-email.copy';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { donorMessages, type DonorMessage } from './support/donors';
import { pdfText } from './support/pdf-text';
import { passToken } from './support/turnstile-stub';
import { startTestStack, TEST_STAFF_EMAIL, type TestStack } from './support/test-app';

/**
 * The periodieke gift from the staff side (docs/product.md §4.9): `npm run periodic -- list | paper-received |
 * countersign | pdf`, run as staff run them (the built command as a child process, on the site's database while the site
 * runs and sends the emails), and the refusals a step out of turn meets, by link and by command.
 */
let stack: TestStack;
let origin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');
const thisYear = () =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date()));

/** The foundation's signatory as the server's configuration names it for commands. */
const SIGNATORY = { PERIODIC_GIFT_SIGNATORY_NAME: 'Johanna de Boer', PERIODIC_GIFT_SIGNATORY_FUNCTION: 'secretaris' };

const periodicRaw = (...args: string[]) =>
  runCommand('periodic', args, { DATABASE_URL: stack.database.url, ...SIGNATORY });
const periodic = async (...args: string[]) => {
  const run = await periodicRaw(...args);
  return { code: run.code, stdout: run.stdout.toString('utf8'), stderr: run.stderr };
};

async function post(path: string, body: object): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

const PARTNER = { firstNames: 'Pieter Jan', surname: 'Bakker', birthDate: '1968-11-02', birthPlace: 'Leiden' };

/** A new agreement through the form, as a donor sends it; its transaction number. */
async function createAgreement(email: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await post(PERIODIC_GIFT_PATHS.create, {
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
    endClauses: ['jobLoss'],
    turnstileToken: passToken('periodic-gift'),
    ...overrides,
  });
  expect(created.status).toBe(201);
  return created.json.transactionNumber as string;
}

const tokenIn = (message: DonorMessage) => {
  const match = /#token=([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no link in "${message.subject}"`);
  return match[1];
};

async function lastMessageTo(address: string, count: number, subject: RegExp): Promise<DonorMessage> {
  const found = (await donorMessages(stack, address, count)).filter((m) => subject.test(m.subject)).at(-1);
  if (!found) throw new Error(`no message "${subject}" to ${address}`);
  return found;
}

const agreementRow = (transactionNumber: string) =>
  stack.app
    .get(PrismaService)
    .periodicAgreement.findUniqueOrThrow({ where: { transactionNumber }, include: { signatures: true } });

/** The row of `number` in `periodic list`'s table, split into its columns. */
function listed(stdout: string, number: string): string[] | undefined {
  return stdout
    .split('\n')
    .find((line) => line.startsWith(`${number} `))
    ?.split(/\s{2,}/);
}

// Each step runs a built command as a child process: a few seconds each on a busy machine.
jest.setTimeout(240_000);

beforeAll(async () => {
  assertCliBuilt();
  stack = await startTestStack();
  origin = new URL(stack.config.site.publicBaseUrl).origin;
});
afterAll(() => stack?.close());

describe('npm run periodic', () => {
  it('takes a paper agreement from the form to the countersigned PDF with paper audit lines and the debits started', async () => {
    const donor = 'paper@example.org';
    const partner = 'paper-partner@example.org';
    const number = await createAgreement(donor, { partner: { ...PARTNER, email: partner } });
    const created = await agreementRow(number);

    const waiting = await periodic('list', '--status', 'awaiting_verification');
    expect(waiting.code).toBe(0);
    expect(listed(waiting.stdout, number)).toEqual([
      number,
      'awaiting_verification',
      'online',
      'EUR 3000.00',
      'EUR 250.00',
      `5 years from ${thisYear()}`,
      'waiting',
      'waiting',
      'waiting',
    ]);
    // No names, addresses or email addresses in the list.
    expect(waiting.stdout).not.toMatch(/Anna|Vries|Bakker|Dorpsstraat|@/);

    // The foundation signs last.
    const early = await periodic('countersign', number);
    expect(early).toMatchObject({ code: 1, stdout: '' });
    expect(early.stderr).toBe(
      `${number} is not signed by the donor and the partner yet: the foundation signs last (a paper that arrived: ` +
        `\`npm run periodic -- paper-received ${number} --donor-name "…"\`); nothing changed.\n`,
    );

    // No final PDF before the foundation signs; the document the signers read is there from the start.
    const noFinal = await periodicRaw('pdf', number);
    expect(noFinal).toMatchObject({ code: 1, stdout: Buffer.alloc(0) });
    expect(noFinal.stderr).toBe(
      `${number} has no final PDF yet: it is made when the foundation countersigns (status awaiting_verification). ` +
        `\`npm run periodic -- pdf ${number} --as-read\` gives the document the signers read; nothing written.\n`,
    );
    const asRead = await periodicRaw('pdf', number, '--as-read');
    expect(asRead.code).toBe(0);
    expect(sha256(asRead.stdout)).toBe(created.documentSha256);
    expect(asRead.stderr).toBe(
      `Wrote the document as the signers read it of ${number} (${asRead.stdout.length} bytes).\n`,
    );

    // A name that is not the agreement's (or a mistyped number) records nothing; a missing partner is asked for.
    const wrongName = await periodic(
      'paper-received',
      number,
      '--donor-name',
      'Anna de Vries',
      '--partner-name',
      'Pieter Jan Bakker',
    );
    expect(wrongName.code).toBe(1);
    expect(wrongName.stderr).toContain(`"Anna de Vries" is not the name of the donor in ${number}`);
    const noPartner = await periodic('paper-received', number, '--donor-name', 'Anna Maria de Vries');
    expect(noPartner.code).toBe(2);
    expect(noPartner.stderr).toContain(`${number} waits for the partner's signature: give --partner-name "…".`);
    expect((await agreementRow(number)).signatures).toEqual([]);

    const received = await periodic(
      'paper-received',
      number.toLowerCase(),
      '--donor-name',
      ' anna maria  DE VRIES',
      '--partner-name',
      'Pieter Jan Bakker',
    );
    expect(received.stderr).toBe('');
    expect(received.code).toBe(0);
    expect(received.stdout).toContain(
      `Recorded the paper signature of the donor and the partner on ${number}, over the document with SHA-256 ${created.documentSha256}.`,
    );
    const afterPaper = await agreementRow(number);
    expect(afterPaper).toMatchObject({ status: 'awaiting_countersignature', signingMethod: 'paper' });
    expect(
      afterPaper.signatures
        .map(({ role, method, email, signerName, documentSha256 }) => ({
          role,
          method,
          email,
          signerName,
          documentSha256,
        }))
        .sort((a, b) => a.role.localeCompare(b.role)),
    ).toEqual([
      {
        role: 'donor',
        method: 'paper',
        email: null,
        signerName: 'anna maria DE VRIES',
        documentSha256: sha256(created.document!),
      },
      {
        role: 'partner',
        method: 'paper',
        email: null,
        signerName: 'Pieter Jan Bakker',
        documentSha256: sha256(created.document!),
      },
    ]);
    const again = await periodic(
      'paper-received',
      number,
      '--donor-name',
      'Anna Maria de Vries',
      '--partner-name',
      'Pieter Jan Bakker',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `${number} is already signed by the donor and the partner (status awaiting_countersignature); nothing changed.\n`,
    );

    // Staff are asked to countersign, as for an online agreement; the partner was never asked to sign online.
    const staffMail = await lastMessageTo(TEST_STAFF_EMAIL, 1, new RegExp(`${number} ondertekend`));
    expect(stack.smtp.messages.filter((m) => m.to.includes(partner))).toEqual([]);

    const countersigned = await periodic('countersign', number);
    expect(countersigned.stderr).toBe('');
    expect(countersigned.code).toBe(0);
    expect(countersigned.stdout).toContain(
      `Countersigned ${number} for ${FOUNDATION.name} as Johanna de Boer (secretaris).`,
    );
    // The staff email's link, used after the command, signs nothing a second time.
    const byLink = await post(PERIODIC_GIFT_PATHS.countersign, { token: tokenIn(staffMail), language: 'nl' });
    expect(byLink.status).toBe(409);
    const twice = await periodic('countersign', number, '--name', 'Someone Else');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(
      new RegExp(
        `^${number} is already countersigned on \\d{4}-\\d{2}-\\d{2} by Johanna de Boer \\(status signed\\); nothing changed.\\n$`,
      ),
    );

    const row = await agreementRow(number);
    expect(row.status).toBe('signed');
    expect(row.signatures.filter((s) => s.role === 'foundation')).toMatchObject([
      { signerName: 'Johanna de Boer', signerFunction: 'secretaris', documentSha256: row.documentSha256 },
    ]);

    // The final PDF, to the donor and the partner: the paper signatures' audit lines over the same document.
    const completed = await lastMessageTo(donor, 2, /signed by all parties/);
    expect((await lastMessageTo(partner, 1, /signed by all parties/)).attachments).toHaveLength(1);
    const [pdf] = completed.attachments;
    expect(Buffer.compare(pdf.content, Buffer.from(row.finalDocument!))).toBe(0);
    const text = (await pdfText(pdf.content)).replace(/\s+/g, ' ');
    for (const expected of [
      number,
      `RSIN ${FOUNDATION.rsin}`,
      'Schenker: anna maria DE VRIES met de hand ondertekend op papier',
      'Partner van de schenker: Pieter Jan Bakker met de hand ondertekend op papier',
      `Namens ${FOUNDATION.name}: Johanna de Boer, secretaris elektronisch ondertekend`,
      `SHA-256 van het ondertekende document: ${row.documentSha256}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Paper signers proved no address: their audit lines name none.
    expect(text).not.toContain('geverifieerd e-mailadres');

    // Staff take the final PDF out as the donor got it, into a file (written whole, under its name only when done).
    const folder = mkdtempSync(join(tmpdir(), 'periodic-pdf-'));
    try {
      const file = join(folder, `${number}.pdf`);
      const written = await periodicRaw('pdf', number.toLowerCase(), '--output', file);
      expect(written.code).toBe(0);
      expect(written.stderr).toBe(`Wrote the final PDF of ${number} (${pdf.content.length} bytes) to ${file}.\n`);
      expect(Buffer.compare(readFileSync(file), pdf.content)).toBe(0);
      expect(readdirSync(folder)).toEqual([`${number}.pdf`]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    // The donor starts the debits from the completed email: exactly the monthly amount, marked as this agreement.
    const before = stack.stripe.sessions.length;
    const started = await post(PERIODIC_GIFT_PATHS.startDebits, {
      token: tokenIn(completed),
      language: 'en',
      replaceGift: false,
    });
    expect(started.status).toBe(200);
    const session = stack.stripe.sessions[before].params;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('25000');
    expect(session.get('subscription_data[metadata][periodic_agreement_id]')).toBe(row.id);

    const all = await periodic('list');
    const day = (date: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', dateStyle: 'short' }).format(date);
    expect(listed(all.stdout, number)).toEqual([
      number,
      'signed',
      'paper',
      'EUR 3000.00',
      'EUR 250.00',
      `5 years from ${thisYear()}`,
      day(afterPaper.signatures[0].signedAt),
      day(afterPaper.signatures[0].signedAt),
      day(row.completedAt!),
    ]);
  });

  it('refuses a countersignature before the donor (or the partner) signed, by link and by command', async () => {
    const donor = 'early@example.org';
    const number = await createAgreement(donor, { partner: { ...PARTNER, email: 'early-partner@example.org' } });
    const verifyToken = tokenIn(await lastMessageTo(donor, 1, /Confirm your email/));
    const verified = await post(PERIODIC_GIFT_PATHS.verify, { token: verifyToken, language: 'en' });
    const agreement = await agreementRow(number);

    // A countersign link that reached staff too early (the site sends none before the signers signed).
    const link = await stack.app.get(AgreementLinks).issue(stack.app.get(PrismaService), agreement.id, 'countersign');
    const byLink = await post(PERIODIC_GIFT_PATHS.countersign, { token: link, language: 'nl' });
    expect(byLink).toEqual({
      status: 409,
      json: { success: false, error: periodicText('nl')('api.notYetSigned') },
    });
    const byCommand = await periodic('countersign', number);
    expect(byCommand.code).toBe(1);
    expect(byCommand.stderr).toContain(`${number} is not signed by the donor and the partner yet`);

    // The donor signs online; the partner has not yet.
    const signed = await post(PERIODIC_GIFT_PATHS.sign, {
      token: verified.json.signToken as string,
      language: 'en',
      name: 'Anna Maria de Vries',
      consent: true,
    });
    expect(signed.json).toEqual({ success: true, status: 'awaiting_signatures' });
    expect((await post(PERIODIC_GIFT_PATHS.countersign, { token: link, language: 'es' })).status).toBe(409);
    const partnerMissing = await periodic('countersign', number);
    expect(partnerMissing.code).toBe(1);
    expect(partnerMissing.stderr).toContain(`${number} is not signed by the partner yet`);
    // A donor who signed online is not signed again on paper.
    const donorAgain = await periodic('paper-received', number, '--donor-name', 'Anna Maria de Vries');
    expect(donorAgain.code).toBe(2);
    expect(donorAgain.stderr).toContain(`${number}: the donor already signed online; leave out --donor-name.`);

    const row = await agreementRow(number);
    expect(row.status).toBe('awaiting_signatures');
    expect(row.signatures.map((s) => s.role)).toEqual(['donor']);
    const listedRow = listed((await periodic('list', '--status', 'awaiting_signatures')).stdout, number);
    expect(listedRow?.slice(6)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'waiting', 'waiting']);
  });

  it("refuses an expired link in the visitor's language and leaves the agreement as it was", async () => {
    const donor = 'expired@example.org';
    const number = await createAgreement(donor);
    const token = tokenIn(await lastMessageTo(donor, 1, /Confirm your email/));
    const agreement = await agreementRow(number);
    await stack.app.get(PrismaService)
      .$executeRaw`UPDATE agreement_links SET expires_at = now() - interval '1 minute' WHERE agreement_id = ${agreement.id}::uuid`;
    for (const path of [PERIODIC_GIFT_PATHS.read, PERIODIC_GIFT_PATHS.verify]) {
      const refused = await post(path, { token, language: 'es' });
      expect({ path, status: refused.status, json: refused.json }).toEqual({
        path,
        status: 403,
        json: { success: false, problem: 'expired', error: periodicText('es')('api.expired') },
      });
    }
    expect(await agreementRow(number)).toMatchObject({ status: 'awaiting_verification', emailVerifiedAt: null });
  });

  it('says what is wrong with the arguments or the number, and changes nothing', async () => {
    const number = await createAgreement('args@example.org');
    const cases: Array<[string[], number, string]> = [
      [['countersign', 'PG-2099-99999'], 1, 'No agreement PG-2099-99999: check the number'],
      [['countersign', 'PG-12'], 2, '"PG-12" is not a transaction number'],
      [['countersign'], 2, 'Missing transaction number'],
      [['countersign', number, '--name', 'x'.repeat(101)], 2, '--name is at most 100 characters'],
      [
        ['paper-received', number, '--donor-name', 'Anna Maria de Vries', '--partner-name', 'Piet'],
        2,
        'names no partner',
      ],
      [['list', '--status', 'pending'], 2, 'Unknown status "pending"'],
      [['pdf', 'PG-2099-99999'], 1, 'No agreement PG-2099-99999: check the number'],
      [['pdf', number, '--output', ' '], 2, '--output needs a file name.'],
      [['sign', number], 2, 'Unknown subcommand "sign"'],
    ];
    for (const [args, code, message] of cases) {
      const run = await periodic(...args);
      expect({ args, code: run.code, message: run.stderr.includes(message) ? message : run.stderr }).toEqual({
        args,
        code,
        message,
      });
    }
    const help = await runCommand('periodic', ['countersign', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout.toString()).toMatch(/^Usage: npm run periodic -- countersign <transaction number>/);
    expect((await agreementRow(number)).signatures).toEqual([]);
  });
});

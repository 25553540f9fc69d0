import { FOUNDATION } from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { StatementsService } from '../src/donor-email/statements.service';
import { storeAgreement } from './support/agreements';
import { donorMessages, insertDonation, insertPayment } from './support/donors';
import { pdfText } from './support/pdf-text';
import { startTestStack, type TestStack } from './support/test-app';

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The yearly statement of a donor with a periodieke gift (docs/product.md §7.9, §4.9): the periodic gifts apart from
 * the ordinary ones, under the agreement's transaction number with the foundation's RSIN; a payment made before the
 * agreement was countersigned counts as an ordinary gift. Read back from the emailed PDF.
 */
describe('the yearly statement with a periodic gift', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it.each([
    ['en', 'periodic-en@example.org', 'Periodic gift', 'Ordinary gifts', 'transaction number', 'Total 2026'],
    ['nl', 'periodic-nl@example.org', 'Periodieke gift', 'Gewone giften', 'transactienummer', 'Totaal 2026'],
  ] as const)('in %s: periodic gifts listed apart, each with its transaction number and the RSIN', async (...row) => {
    const [language, email, periodicWord, ordinaryWord, numberWord, totalWord] = row;
    const agreement = await storeAgreement(stack, {
      email,
      language,
      completedAt: new Date('2026-03-01T12:00:00Z'),
      status: 'active',
    });
    const periodic = await insertDonation(stack, { email, language });
    await stack.app
      .get(PrismaService)
      .donation.update({ where: { id: periodic }, data: { periodicAgreementId: agreement.id } });
    // Paid before the agreement was countersigned: an ordinary gift; after: periodic.
    await insertPayment(stack, { intentId: periodic, amountCents: 25_000, paidAt: new Date('2026-02-27T10:00:00Z') });
    await insertPayment(stack, { intentId: periodic, amountCents: 25_000, paidAt: new Date('2026-04-01T10:00:00Z') });
    await insertPayment(stack, { intentId: periodic, amountCents: 25_000, paidAt: new Date('2026-05-01T10:00:00Z') });
    const ordinary = await insertDonation(stack, { email, language });
    await insertPayment(stack, { intentId: ordinary, amountCents: 1_000, paidAt: new Date('2026-06-15T10:00:00Z') });

    await stack.app.get(StatementsService).queueStatements({ year: 2026, dryRun: false, email });
    const [message] = await donorMessages(stack, email, 1);
    const text = oneLine(await pdfText(message.attachments[0].content));

    const ordinaryAt = text.indexOf(ordinaryWord);
    const periodicAt = text.indexOf(`${periodicWord} ${agreement.transactionNumber}`);
    expect(ordinaryAt).toBeGreaterThan(-1);
    expect(periodicAt).toBeGreaterThan(ordinaryAt);
    const [ordinaryPart, periodicPart] = [text.slice(ordinaryAt, periodicAt), text.slice(periodicAt)];
    // The ordinary part: the gift of another donation and the payment made before countersigning (27 February).
    expect(ordinaryPart).toMatch(language === 'en' ? /27 February 2026/ : /27 februari 2026/);
    expect(ordinaryPart).toMatch(language === 'en' ? /15 June 2026/ : /15 juni 2026/);
    expect(periodicPart).toMatch(language === 'en' ? /1 April 2026.*1 May 2026/ : /1 april 2026.*1 mei 2026/);
    expect(periodicPart).not.toMatch(/February|februari/);
    expect(periodicPart).toContain(`${numberWord} ${agreement.transactionNumber}`);
    expect(periodicPart).toContain(`RSIN ${FOUNDATION.rsin}`);
    expect(text).toContain(totalWord);
  });

  it('without a periodic gift the statement has one table, as before', async () => {
    const email = 'ordinary-only@example.org';
    const donation = await insertDonation(stack, { email, language: 'en' });
    await insertPayment(stack, { intentId: donation, amountCents: 2_500, paidAt: new Date('2026-06-15T10:00:00Z') });
    await stack.app.get(StatementsService).queueStatements({ year: 2026, dryRun: false, email });
    const [message] = await donorMessages(stack, email, 1);
    const text = oneLine(await pdfText(message.attachments[0].content));
    expect(text).not.toContain('Ordinary gifts');
    expect(text).not.toContain('Periodic gift');
    expect(text).toContain('Total 2026');
  });
});

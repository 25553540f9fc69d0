import { FOUNDATION, formatEuro } from '@stichting/contracts';
import { StatementsService } from '../src/donor-email/statements.service';
import { donorMessages, insertDonation, insertPayment } from './support/donors';
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

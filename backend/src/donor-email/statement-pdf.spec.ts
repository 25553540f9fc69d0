import { createHash } from 'node:crypto';
import { FOUNDATION, formatEuro } from '@stichting/contracts';
import { pdfText } from '../../test/support/pdf-text';
import { renderStatementPdf } from './statement-pdf';

const payments = [
  { paidAt: new Date('2026-01-15T10:00:00Z'), amountCents: 2500 },
  { paidAt: new Date('2026-02-15T10:00:00Z'), amountCents: 1050 },
];
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('the yearly statement PDF (docs/product.md §7.9)', () => {
  it.each([
    ['nl', 'Jaaroverzicht giften 2026', '15 januari 2026', 'Totaal 2026', 'jaaroverzicht-giften-2026.pdf'],
    ['en', 'Annual statement of gifts 2026', '15 January 2026', 'Total 2026', 'gift-statement-2026.pdf'],
    ['es', 'Resumen anual de donaciones 2026', '15 de enero de 2026', 'Total 2026', 'resumen-donaciones-2026.pdf'],
  ] as const)('in %s lists every gift, the total and the foundation', async (language, title, day, total, file) => {
    const pdf = await renderStatementPdf({ year: 2026, payments, corrected: false }, language);
    expect(pdf.fileName).toBe(file);
    const text = oneLine(await pdfText(pdf.content));
    expect(text).toContain(title);
    expect(text).toContain(oneLine(`${day} ${formatEuro(25, language)}`));
    expect(text).toContain(oneLine(`${total} ${formatEuro(35.5, language)}`));
    expect(text).toContain(`${FOUNDATION.name} · RSIN ${FOUNDATION.rsin}`);
    expect(text).toContain('ANBI');
  });

  it('renders the euro sign and accented letters, not substitutes', async () => {
    const text = oneLine(
      await pdfText((await renderStatementPdf({ year: 2026, payments, corrected: false }, 'es')).content),
    );
    expect(text).toContain('€');
    expect(text).toContain('Administración Tributaria neerlandesa');
    expect(text).toContain('declaración');
  });

  it('says that a corrected statement replaces the earlier one', async () => {
    const pdf = await renderStatementPdf({ year: 2026, payments, corrected: true }, 'nl');
    expect(pdf.fileName).toBe('gecorrigeerd-jaaroverzicht-giften-2026.pdf');
    expect(oneLine(await pdfText(pdf.content))).toContain(
      'Dit is een gecorrigeerd jaaroverzicht. Het vervangt het overzicht over 2026',
    );
  });

  it('gives the same bytes for the same statement', async () => {
    const hash = async () =>
      createHash('sha256')
        .update((await renderStatementPdf({ year: 2026, payments, corrected: false }, 'en')).content)
        .digest('hex');
    expect(await hash()).toBe(await hash());
  });
});

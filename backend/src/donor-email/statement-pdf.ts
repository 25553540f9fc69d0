import PDFDocument from 'pdfkit';
import { FOUNDATION, type Language } from '@stichting/contracts';
import { formatCentsForReader } from '../common/money';
import type { MailAttachment } from '../mail/mail.transport';
import { dutchYearStart } from '../database/donation-payments.repository';
import { donorEmailText } from './donor-email.copy';
import { formatDay, foundation } from './donor-email.render';
import type { StatementLine } from './statement.query';

/** What a statement PDF lists (docs/product.md §7.9): the donor's gifts of one year, as the ledger has them now. */
export interface StatementFacts {
  year: number;
  payments: StatementLine[];
  /** A corrected statement replaces one sent before (docs/product.md §7.9 "Corrected statements"). */
  corrected: boolean;
}

/** The statement as a file: its name in the donor's language and its bytes. */
export interface StatementPdf {
  fileName: string;
  content: Buffer;
}

const MARGIN = 56;
const AMOUNT_RIGHT = 539 - MARGIN; // A4 is 595 points wide
const DATE_LEFT = MARGIN;
const GREEN = '#0b6e4f';
const RED = '#b42318';

/**
 * The yearly statement as a PDF in the donor's language, with the words of the statement email (the donorEmail
 * namespace, docs/architecture.md §4.8). pdfkit's standard Helvetica needs no font file: its WinAnsi encoding covers
 * the euro sign and every Dutch and Spanish letter. The creation date is fixed (the moment the year ended, Dutch
 * time) instead of "now", so the same statement gives the same bytes, and pdfkit derives the file's ID from it.
 */
export function renderStatementPdf(facts: StatementFacts, language: Language): Promise<StatementPdf> {
  const text = donorEmailText(language);
  const euro = (cents: number) => formatCentsForReader(cents, language);
  const total = facts.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const title = text('statement.pdfTitle', { year: facts.year });
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    info: {
      Title: title,
      Author: FOUNDATION.name,
      Creator: FOUNDATION.name,
      Producer: FOUNDATION.name,
      CreationDate: dutchYearStart(facts.year + 1),
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.font('Helvetica-Bold').fontSize(18).fillColor(GREEN).text(title);
  document.moveDown(0.3);
  document.font('Helvetica').fontSize(10).fillColor('black');
  document.text(`${FOUNDATION.name} · RSIN ${FOUNDATION.rsin}`);
  const { street, postalCode, city } = FOUNDATION.address;
  document.text(`${street}, ${postalCode} ${city}`);
  document.moveDown(1.2);
  if (facts.corrected) {
    document
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(RED)
      .text(text('statement.corrected', { year: facts.year }));
    document.moveDown(0.8);
  }
  document.font('Helvetica').fontSize(11).fillColor('black');
  document.text(text('statement.intro', { ...foundation, year: facts.year }));
  document.moveDown(1);

  const row = (left: string, right: string, font = 'Helvetica') => {
    if (document.y > document.page.height - MARGIN * 2) document.addPage();
    const y = document.y;
    document.font(font).text(left, DATE_LEFT, y, { lineBreak: false });
    document.text(right, DATE_LEFT, y, { width: AMOUNT_RIGHT - DATE_LEFT, align: 'right', lineBreak: false });
    document.moveDown(0.4);
  };
  const rule = () => {
    document
      .moveTo(DATE_LEFT, document.y)
      .lineTo(AMOUNT_RIGHT, document.y)
      .lineWidth(0.7)
      .strokeColor('#1f2933')
      .stroke();
    document.moveDown(0.4);
  };
  // docs/product.md §7.9: periodic gifts apart from ordinary ones, each agreement with its transaction number and the
  // foundation's RSIN, which the donor enters in their tax return; without periodic gifts, one table as before.
  const groups = statementGroups(facts.payments);
  const periodic = groups.some((group) => group.transactionNumber !== null);
  for (const group of groups) {
    if (periodic) {
      document.moveDown(0.4);
      const heading = group.transactionNumber
        ? text('statement.periodicTitle', { transactionNumber: group.transactionNumber })
        : text('statement.ordinaryTitle');
      document.font('Helvetica-Bold').fontSize(12).text(heading, DATE_LEFT, document.y);
      if (group.transactionNumber) {
        document
          .font('Helvetica')
          .fontSize(10)
          .text(text('statement.periodicNote', { transactionNumber: group.transactionNumber, rsin: FOUNDATION.rsin }), {
            width: AMOUNT_RIGHT - DATE_LEFT,
          });
      }
      document.fontSize(11).moveDown(0.4);
    }
    row(text('statement.date'), text('statement.amount'), 'Helvetica-Bold');
    rule();
    for (const payment of group.payments) row(formatDay(payment.paidAt, language), euro(payment.amountCents));
    if (periodic) {
      rule();
      const subtotal = group.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
      row(text('statement.subtotal'), euro(subtotal), 'Helvetica-Bold');
    }
  }
  rule();
  row(text('statement.total', { year: facts.year }), euro(total), 'Helvetica-Bold');
  document.moveDown(1.5);
  document
    .font('Helvetica')
    .fontSize(10)
    .text(text('statement.recipient', foundation), DATE_LEFT, document.y, { width: AMOUNT_RIGHT - DATE_LEFT });
  document.end();

  const name = text(facts.corrected ? 'statement.correctedFileName' : 'statement.fileName', { year: facts.year });
  return done.then((content) => ({ fileName: `${name}.pdf`, content }));
}

/** The year's gifts by kind: ordinary ones first, then each periodic gift's (by transaction number), dates in order. */
export function statementGroups(
  payments: StatementLine[],
): Array<{ transactionNumber: string | null; payments: StatementLine[] }> {
  const groups = new Map<string | null, StatementLine[]>();
  for (const payment of payments) {
    const key = payment.transactionNumber ?? null;
    groups.set(key, [...(groups.get(key) ?? []), payment]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([transactionNumber, lines]) => ({ transactionNumber, payments: lines }));
}

/** The statement as the attachment of its email (docs/product.md §7.9). */
export async function statementAttachment(facts: StatementFacts, language: Language): Promise<MailAttachment> {
  const pdf = await renderStatementPdf(facts, language);
  return { filename: pdf.fileName, content: pdf.content, contentType: 'application/pdf' };
}

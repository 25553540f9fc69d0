import PDFDocument from 'pdfkit';
import { FOUNDATION, type Language } from '@stichting/contracts';
import { AGREEMENT_TITLES, agreementParagraphs, signerName, type AgreementFacts } from './agreement-text';

const MARGIN = 56;
const GREEN = '#0b6e4f';
const GREY = '#52606d';

/** One signature with its audit line (docs/product.md §4.9): who, in which role, how, when, over which document. */
export interface SignatureAudit {
  role: 'donor' | 'partner' | 'foundation';
  method: 'online' | 'paper';
  signerName: string;
  signerFunction: string | null;
  email: string | null;
  signedAt: Date;
  documentSha256: string;
}

const ROLE_NAMES: Record<SignatureAudit['role'], string> = {
  donor: 'Schenker',
  partner: 'Partner van de schenker',
  foundation: `Namens ${FOUNDATION.name}`,
};
const METHOD_NAMES: Record<SignatureAudit['method'], string> = {
  online: 'elektronisch ondertekend (art. 3:15a BW)',
  paper: 'met de hand ondertekend op papier',
};

const AMSTERDAM_TIME = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'Europe/Amsterdam',
});

/** A signature's audit line as the final PDF prints it (Dutch, Amsterdam time). */
export function auditLine(signature: SignatureAudit): string {
  return [
    `${ROLE_NAMES[signature.role]}: ${signature.signerName}${signature.signerFunction ? `, ${signature.signerFunction}` : ''}`,
    `${METHOD_NAMES[signature.method]} op ${AMSTERDAM_TIME.format(signature.signedAt)} (Amsterdamse tijd)`,
    ...(signature.email ? [`geverifieerd e-mailadres: ${signature.email}`] : []),
    `SHA-256 van het ondertekende document: ${signature.documentSha256}`,
  ].join('\n');
}

export interface AgreementPdfOptions {
  language: Language;
  /** The moment the document is dated by (the agreement's creation), so the same facts give the same bytes. */
  createdAt: Date;
  /** Final version only: every signature with its audit line and the hash of the document they signed. */
  signatures?: SignatureAudit[];
}

/**
 * The agreement as a PDF (docs/product.md §4.9): the Dutch legal text, for en and es followed by the reading
 * translation, then signature lines for signing by hand. This is the document the signers sign and whose SHA-256 is
 * stored. The final version adds a page with every signature's audit line. Helvetica (WinAnsi) covers Dutch and
 * Spanish letters; the creation date is fixed, so the bytes are the same on every render (as the statement PDF).
 */
export function renderAgreementPdf(
  facts: AgreementFacts & { partnerFirstNames: string | null },
  options: AgreementPdfOptions,
): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'nl',
    info: {
      Title: `${AGREEMENT_TITLES.nl} ${facts.transactionNumber}`,
      Author: FOUNDATION.name,
      Creator: FOUNDATION.name,
      Producer: FOUNDATION.name,
      CreationDate: options.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const heading = (text: string) => {
    document.font('Helvetica-Bold').fontSize(16).fillColor(GREEN).text(text);
    document.moveDown(0.3);
    document.font('Helvetica').fontSize(10).fillColor('black');
  };
  const paragraphs = (texts: string[]) => {
    document.font('Helvetica').fontSize(10.5).fillColor('black');
    for (const text of texts) {
      document.text(text, { align: 'left' });
      document.moveDown(0.6);
    }
  };

  heading(AGREEMENT_TITLES.nl);
  document.text(`Transactienummer: ${facts.transactionNumber}`);
  document.text(`${FOUNDATION.name} · RSIN ${FOUNDATION.rsin}`);
  document.moveDown(1);
  paragraphs(agreementParagraphs(facts, 'nl'));

  // Lines for the hand-signed paper copy; online signers sign this same document (docs/product.md §4.9).
  document.moveDown(0.5);
  document.font('Helvetica-Bold').fontSize(11).text('Ondertekening');
  document.moveDown(0.4);
  const signers = [
    `Schenker: ${signerName(facts.firstNames, facts.surname)}`,
    ...(facts.partnerFirstNames && facts.partnerSurname
      ? [`Partner: ${signerName(facts.partnerFirstNames, facts.partnerSurname)}`]
      : []),
    `Namens ${FOUNDATION.name} (naam en functie):`,
  ];
  document.font('Helvetica').fontSize(10);
  for (const signer of signers) {
    if (document.y > document.page.height - MARGIN * 3) document.addPage();
    document.text(signer);
    document.moveDown(0.3);
    document.text('Plaats: ______________________   Datum: ______________   Handtekening: ______________________');
    document.moveDown(1);
  }

  if (options.language !== 'nl') {
    document.addPage();
    heading(AGREEMENT_TITLES[options.language]);
    document.fillColor(GREY).text(READING_NOTE[options.language]);
    document.moveDown(1);
    paragraphs(agreementParagraphs(facts, options.language));
  }

  if (options.signatures) {
    document.addPage();
    heading(`Handtekeningen ${facts.transactionNumber}`);
    document.text(`${FOUNDATION.name} · RSIN ${FOUNDATION.rsin} · transactienummer ${facts.transactionNumber}`);
    document.moveDown(1);
    paragraphs(options.signatures.map(auditLine));
  }
  document.end();
  return done;
}

const READING_NOTE: Record<Exclude<Language, 'nl'>, string> = {
  en: 'A faithful translation for reading. Only the Dutch text above is the agreement.',
  es: 'Una traducción fiel para leer. Solo el texto neerlandés de arriba es el acuerdo.',
};

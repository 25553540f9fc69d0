import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { DATASETS, findDataset } from '../src/exports/export-datasets';
import { assertCliBuilt, exportToBuffer, runCommand } from './exports.helpers';
import { FORMULA_START, PLAIN_SIGNED_NUMBER, spreadsheetCells } from './support/spreadsheet-cells';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Staff exports against a real, migrated PostgreSQL. Times are chosen around Amsterdam midnights:
 * --since/--until are Amsterdam calendar days, CSV/JSON carry UTC, XLSX carries Amsterdam wall-clock time.
 */
const IDS = {
  volunteer: '00000000-0000-4000-8000-000000000001',
  help: '00000000-0000-4000-8000-000000000002',
  contact: '00000000-0000-4000-8000-000000000003',
  piet: '00000000-0000-4000-8000-000000000011',
  pending: '00000000-0000-4000-8000-000000000012',
  newYear: '00000000-0000-4000-8000-000000000013',
};

const FIXTURES = `
INSERT INTO submissions (id, type, language, name, email, phone, location, subject, message, category, speaks_dutch,
  availability, motivation, skills, spoken_languages, family_size, help_type, description, created_at,
  email_status, email_attempts, email_last_error, email_sent_at)
VALUES
 ('${IDS.volunteer}', 'volunteer', 'nl', 'José Müller', 'jose@example.org', '+31 6 1234 5678', 'local', NULL,
  E'Hallo, ik heet "José".\\nTot ziens', 'practical-help', true, '2-5-hours', 'Ik help graag; écht waar',
  ARRAY['design','events'], ARRAY['dutch','spanish'], NULL, NULL, NULL, '2026-03-01 09:00+01',
  'sent', 1, NULL, '2026-03-01 09:00:05+01'),
 ('${IDS.help}', 'help-request', 'es', 'Zoë Çelik', 'Zoe@Example.org', NULL, 'Den Haag', NULL, NULL, NULL, NULL,
  NULL, NULL, '{}', '{}', 4, 'housing', 'Necesitamos ayuda, por favor', '2026-03-31 23:30+00',
  'dead', 31, '550 5.1.1 mailbox unavailable', NULL),
 ('${IDS.contact}', 'contact', 'en', '=HYPERLINK("http://evil.example","click")', 'anna@example.org', NULL, NULL,
  'Vraag', 'Hello', NULL, NULL, NULL, NULL, '{}', '{}', NULL, NULL, NULL, '2026-04-15 12:00+00',
  'queued', 0, NULL, NULL);
-- Followed up: the volunteer arrived on Sunday 1 March and was called on Wednesday 4 March (3 business days), the
-- contact message arrived on Wednesday 15 April and was answered on Tuesday 28 April (8: King's Day, Monday
-- 27 April, is no business day); the help request is still new, long past its one business day.
UPDATE submissions SET status = 'closed', outcome = 'matched', first_contact_at = '2026-03-04 10:00+01',
  closed_at = '2026-03-20 16:00+01' WHERE id = '${IDS.volunteer}';
UPDATE submissions SET status = 'contacted', first_contact_at = '2026-04-28 09:15+02' WHERE id = '${IDS.contact}';
INSERT INTO submission_status_changes (id, submission_id, status, outcome, note, changed_by, via, created_at)
VALUES
 (gen_random_uuid(), '${IDS.volunteer}', 'contacted', NULL, 'Gebeld; komt dinsdag', 'Marieke', 'link',
  '2026-03-04 10:00+01'),
 (gen_random_uuid(), '${IDS.volunteer}', 'closed', 'matched', NULL, NULL, 'command', '2026-03-20 16:00+01'),
 (gen_random_uuid(), '${IDS.contact}', 'contacted', NULL, NULL, 'Sam', 'link', '2026-04-28 09:15+02');
INSERT INTO donations (id, amount_cents, name, email, message, source, referral, referrer_name, referrer_email,
  language, status, created_at, updated_at, payment_method_type, started_at, next_payment_at, failed_attempts,
  cancel_at_period_end)
VALUES
 ('${IDS.piet}', 1250, 'Piet Jansen', 'piet@example.org', 'Succes!', 'google', false, NULL, NULL, 'nl', 'past_due',
  '2026-01-10 10:00+01', '2026-01-10 10:05+01', 'sepa_debit', '2026-01-10 10:05+01', '2026-03-13 10:05+01', 2, false),
 ('${IDS.pending}', 500, 'Anna Smit', 'anna@example.org', NULL, 'volunteer', true, 'José Müller', 'jose@example.org',
  'en', 'pending', '2026-02-01 12:00+01', '2026-02-01 12:00+01', NULL, NULL, NULL, 0, false),
 ('${IDS.newYear}', 2500, 'Łukasz Nowak', 'lukasz@example.org', NULL, NULL, NULL, NULL, NULL, 'nl', 'failed',
  '2025-12-31 23:30+00', '2025-12-31 23:30+00', NULL, NULL, NULL, 0, false);
INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, stripe_subscription_id, amount_cents, status,
  invoice_created_at, paid_at, payment_method_type, attempt_count, refunded_cents)
VALUES
 (gen_random_uuid(), '${IDS.piet}', 'in_1', 'sub_1', 1250, 'refunded', '2026-01-10 10:04+01', '2026-01-10 10:05+01',
  'ideal', 1, 1250),
 (gen_random_uuid(), '${IDS.piet}', 'in_2', 'sub_1', 1250, 'paid', '2026-02-10 08:00+01', '2026-02-13 10:05+01',
  'sepa_debit', 1, 0),
 (gen_random_uuid(), '${IDS.piet}', 'in_3', 'sub_1', 1250, 'failed', '2026-03-10 10:05+01', NULL, 'sepa_debit', 2, 0);
INSERT INTO donor_emails (id, donation_id, kind, once_key, language, status, attempts, sent_at, created_at)
VALUES
 (gen_random_uuid(), '${IDS.piet}', 'welcome', 'welcome:piet', 'nl', 'sent', 1, '2026-01-10 10:06+01',
  '2026-01-10 10:05+01');
INSERT INTO error_reports (id, fingerprint, message, stack, url, user_agent, occurrences, first_seen_at, last_seen_at)
VALUES
 (gen_random_uuid(), 'fp1', 'TypeError: x is undefined', E'TypeError\\n    at a.js:1:1', 'https://x/en', 'Firefox', 3,
  '2026-02-01 10:00+01', '2026-03-01 10:00+01'),
 (gen_random_uuid(), 'fp2', 'ReferenceError: y', NULL, 'https://x/', 'Chrome', 1,
  '2026-04-01 10:00+02', '2026-04-01 10:00+02');
`;

type Row = Record<string, string>;

function parseCsv(buffer: Buffer): Row[] {
  return parse<Row>(buffer, { bom: true, columns: true });
}

describe('staff exports', () => {
  let database: TestDatabase;
  let db: Client;
  let workDir: string;

  beforeAll(async () => {
    assertCliBuilt();
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
    await db.query(FIXTURES);
    workDir = mkdtempSync(join(tmpdir(), 'exports-test-'));
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  const csv = async (dataset: string, filters = {}) => parseCsv(await exportToBuffer(db, dataset, 'csv', filters));

  describe('CSV', () => {
    it('starts with a UTF-8 byte order mark and has one header column per field', async () => {
      const buffer = await exportToBuffer(db, 'submissions', 'csv');
      expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header] = parse(buffer, { bom: true, to_line: 1 });
      expect(header).toEqual(findDataset('submissions')!.columns.map((col) => col.header));
      expect(header).toEqual(
        expect.arrayContaining(['email_status', 'email_attempts', 'email_last_error', 'email_sent_at']),
      );
    });

    it('keeps accents, quotes, commas and line breaks intact, joins lists and writes ISO dates in UTC', async () => {
      const rows = await csv('submissions');
      expect(rows.map((row) => row.id)).toEqual([IDS.volunteer, IDS.help, IDS.contact]);
      const jose = rows[0];
      expect(jose).toMatchObject({
        name: 'José Müller',
        phone: '+31 6 1234 5678',
        message: 'Hallo, ik heet "José".\nTot ziens',
        motivation: 'Ik help graag; écht waar',
        skills: 'design; events',
        spoken_languages: 'dutch; spanish',
        speaks_dutch: 'true',
        created_at: '2026-03-01T08:00:00.000Z',
        email_sent_at: '2026-03-01T08:00:05.000Z',
        email_status: 'sent',
        email_attempts: '1',
        family_size: '',
      });
      expect(rows[1]).toMatchObject({
        name: 'Zoë Çelik',
        family_size: '4',
        skills: '',
        email_status: 'dead',
        email_attempts: '31',
        email_last_error: '550 5.1.1 mailbox unavailable',
      });
    });

    it('defuses cells that Excel would run as formulas', async () => {
      const contact = (await csv('submissions', { type: 'contact' }))[0];
      expect(contact.name).toBe(`'=HYPERLINK("http://evil.example","click")`);
    });

    it('filters by type and by one or more email statuses', async () => {
      expect((await csv('submissions', { type: 'help-request' })).map((r) => r.id)).toEqual([IDS.help]);
      expect((await csv('submissions', { statuses: ['dead'] })).map((r) => r.id)).toEqual([IDS.help]);
      expect((await csv('submissions', { statuses: ['dead', 'queued'] })).map((r) => r.id)).toEqual([
        IDS.help,
        IDS.contact,
      ]);
      expect(await csv('submissions', { type: 'volunteer', statuses: ['dead'] })).toEqual([]);
    });

    it('reads --since and --until as whole Amsterdam calendar days', async () => {
      // 2026-03-31 23:30 UTC is 1 April 01:30 in Amsterdam.
      const march = await csv('submissions', { since: '2026-03-01', until: '2026-03-31' });
      expect(march.map((r) => r.id)).toEqual([IDS.volunteer]);
      const april = await csv('submissions', { since: '2026-04-01' });
      expect(april.map((r) => r.id)).toEqual([IDS.help, IDS.contact]);
      const oneDay = await csv('submissions', { since: '2026-04-15', until: '2026-04-15' });
      expect(oneDay.map((r) => r.id)).toEqual([IDS.contact]);
    });

    it('exports donations with status and euro amounts, filtered by donation status and year', async () => {
      const all = await csv('donations');
      expect(all.map((r) => r.id)).toEqual([IDS.newYear, IDS.piet, IDS.pending]);
      expect(all[1]).toMatchObject({
        amount_eur: '12.50',
        amount_cents: '1250',
        status: 'past_due',
        payment_method_type: 'sepa_debit',
        started_at: '2026-01-10T09:05:00.000Z',
        next_payment_at: '2026-03-13T09:05:00.000Z',
        failed_attempts: '2',
        cancel_at_period_end: 'false',
        cancelled_at: '',
        language: 'nl',
        name: 'Piet Jansen',
      });
      expect(all[2]).toMatchObject({ referral: 'true', referrer_email: 'jose@example.org' });
      // 2025-12-31 23:30 UTC is already 2026 in Amsterdam.
      const in2026 = await csv('donations', { since: '2026-01-01', until: '2026-12-31' });
      expect(in2026).toHaveLength(3);
      expect((await csv('donations', { statuses: ['pending'] })).map((r) => r.id)).toEqual([IDS.pending]);
      expect((await csv('donations', { statuses: ['past_due', 'failed'] })).map((r) => r.id)).toEqual([
        IDS.newYear,
        IDS.piet,
      ]);
    });

    it('exports each monthly payment with its date, amount, method and status, and the donor', async () => {
      const payments = await csv('donation-payments');
      expect(payments.map((p) => p.stripe_invoice_id)).toEqual(['in_1', 'in_2', 'in_3']);
      expect(payments[0]).toMatchObject({
        payment_date: '2026-01-10T09:05:00.000Z',
        amount_eur: '12.50',
        refunded_eur: '12.50',
        status: 'refunded',
        payment_method_type: 'ideal',
        donor_name: 'Piet Jansen',
        donor_language: 'nl',
      });
      // Paid on the 13th for the month invoiced on the 10th: the date is when the money came.
      expect(payments[1]).toMatchObject({ payment_date: '2026-02-13T09:05:00.000Z', status: 'paid' });
      // Never paid: the date is when Stripe invoiced the month.
      expect(payments[2]).toMatchObject({ payment_date: '2026-03-10T09:05:00.000Z', paid_at: '', attempts: '2' });
      const paid = await csv('donation-payments', { statuses: ['paid'], since: '2026-02-11' });
      expect(paid.map((p) => p.stripe_invoice_id)).toEqual(['in_2']);
    });

    it('exports error reports filtered on when they were last seen', async () => {
      const reports = await csv('error-reports');
      expect(reports.map((r) => r.fingerprint)).toEqual(['fp1', 'fp2']);
      expect(reports[0]).toMatchObject({ occurrences: '3', stack: 'TypeError\n    at a.js:1:1' });
      expect((await csv('error-reports', { since: '2026-03-02' })).map((r) => r.fingerprint)).toEqual(['fp2']);
    });
  });

  describe('XLSX', () => {
    async function readWorkbook(dataset: string, filters = {}) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await exportToBuffer(db, dataset, 'xlsx', filters)) as unknown as ArrayBuffer);
      expect(workbook.worksheets).toHaveLength(1);
      return workbook.worksheets[0];
    }

    it('is one sheet with a bold, frozen header row and typed cells', async () => {
      const sheet = await readWorkbook('submissions');
      expect(sheet.name).toBe('submissions');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.rowCount).toBe(4);
      const header = sheet.getRow(1);
      expect(header.font?.bold).toBe(true);
      const headers = findDataset('submissions')!.columns.map((col) => col.header);
      expect(headers.map((_, i) => header.getCell(i + 1).value)).toEqual(headers);
      const cell = (row: number, name: string) => sheet.getRow(row).getCell(headers.indexOf(name) + 1).value;
      // Amsterdam wall-clock time, as Excel shows it: 09:00 on 1 March.
      expect(cell(2, 'created_at')).toEqual(new Date(Date.UTC(2026, 2, 1, 9, 0, 0)));
      expect(cell(2, 'name')).toBe('José Müller');
      expect(cell(2, 'speaks_dutch')).toBe(true);
      expect(cell(2, 'skills')).toBe('design; events');
      expect(cell(3, 'family_size')).toBe(4);
      expect(cell(3, 'email_attempts')).toBe(31);
      expect(cell(4, 'name')).toBe('=HYPERLINK("http://evil.example","click")'); // a string, not a formula
      for (const width of sheet.columns.map((col) => col.width ?? 0)) expect(width).toBeGreaterThanOrEqual(10);
    });

    it('writes donation amounts as numbers and honours filters', async () => {
      const sheet = await readWorkbook('donations', { statuses: ['past_due'] });
      expect(sheet.rowCount).toBe(2);
      const headers = findDataset('donations')!.columns.map((col) => col.header);
      const row = sheet.getRow(2);
      expect(row.getCell(headers.indexOf('amount_eur') + 1).value).toBe(12.5);
      expect(row.getCell(headers.indexOf('amount_cents') + 1).value).toBe(1250);
      expect(row.getCell(headers.indexOf('created_at') + 1).value).toBeInstanceOf(Date);
    });

    // Agreements have fixtures of their own (periodic-gift-life.int-spec.ts); here their sheet is the header alone.
    const WITHOUT_FIXTURES = new Set(['agreements']);
    it.each(DATASETS.map((d) => d.name))('exports %s', async (name) => {
      const sheet = await readWorkbook(name);
      expect(sheet.getRow(1).getCell(1).value).toBe(findDataset(name)!.columns[0].header);
      if (!WITHOUT_FIXTURES.has(name)) expect(sheet.rowCount).toBeGreaterThan(1);
    });
  });

  describe('as staff get them: Dutch words by default, English on request', () => {
    const staffCsv = async (dataset: string, language: 'nl' | 'en', filters = {}) =>
      (await exportToBuffer(db, dataset, 'csv', filters, language)).toString('utf8');
    async function staffSheet(dataset: string, language: 'nl' | 'en', filters = {}) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        (await exportToBuffer(db, dataset, 'xlsx', filters, language)) as unknown as ArrayBuffer,
      );
      const sheet = workbook.worksheets[0];
      const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      const rows = Array.from({ length: sheet.rowCount - 1 }, (_, r): Record<string, unknown> =>
        Object.fromEntries(headers.map((header, i) => [header, sheet.getRow(r + 2).getCell(i + 1).value])),
      );
      return { sheet, headers, rows };
    }

    it('names each request field as the staff email does, and each code in its words (XLSX)', async () => {
      const { sheet, headers, rows } = await staffSheet('submissions', 'nl');
      expect(sheet.name).toBe('Aanvragen');
      expect(headers.slice(0, 10)).toEqual([
        'Referentie',
        'Ontvangen op',
        'Soort',
        'Status',
        'Uitkomst',
        'Eerste contact op',
        'Afgesloten op',
        'Werkdagen tot eerste contact',
        'Langer dan beloofd',
        'Taal van de afzender',
      ]);
      expect(rows[0]).toMatchObject({
        Referentie: IDS.volunteer,
        // Amsterdam wall-clock time as an Excel date: 09:00 on 1 March.
        'Ontvangen op': new Date(Date.UTC(2026, 2, 1, 9, 0, 0)),
        Soort: 'Aanmelding als vrijwilliger',
        Status: 'afgesloten',
        Uitkomst: 'gekoppeld',
        'Eerste contact op': new Date(Date.UTC(2026, 2, 4, 10, 0, 0)),
        'Afgesloten op': new Date(Date.UTC(2026, 2, 20, 16, 0, 0)),
        'Werkdagen tot eerste contact': 3,
        'Langer dan beloofd': 'Nee',
        'Taal van de afzender': 'Nederlands',
        'Spreekt Nederlands': 'Ja',
        Categorie: 'Praktische hulp',
        Beschikbaarheid: '2 tot 5 uur per week',
        'E-mail aan medewerkers': 'verstuurd',
      });
      expect(rows[1]).toMatchObject({
        Soort: 'Hulpaanvraag',
        Status: 'nieuw',
        Uitkomst: null,
        'Werkdagen tot eerste contact': null,
        'Langer dan beloofd': 'Ja',
        'Taal van de afzender': 'Spaans',
        'Soort hulp': 'Huisvesting',
        'E-mail aan medewerkers': 'mislukt',
      });
      // King's Day (Monday 27 April 2026) is no business day: 16 April to 28 April is 8 of them.
      expect(rows[2]).toMatchObject({ Soort: 'Contactbericht', Status: 'contact opgenomen' });
      expect(rows[2]['Werkdagen tot eerste contact']).toBe(8);
      expect(rows[2]['Langer dan beloofd']).toBe('Nee');
    });

    it('speaks English with --language en', async () => {
      const { sheet, rows } = await staffSheet('submissions', 'en', { type: 'volunteer' });
      expect(sheet.name).toBe('Requests');
      expect(rows[0]).toMatchObject({
        Reference: IDS.volunteer,
        Type: 'Volunteer application',
        Status: 'closed',
        Outcome: 'matched',
        'Business days to first contact': 3,
        'Speaks Dutch': 'Yes',
      });
    });

    it('writes a CSV a Dutch Excel opens in columns: ";" between cells, decimal comma, Amsterdam times', async () => {
      const text = await staffCsv('submissions', 'nl', { type: 'volunteer' });
      expect(text.startsWith('\uFEFFReferentie;Ontvangen op;Soort;Status;')).toBe(true);
      const [row] = parse<Row>(text, { bom: true, columns: true, delimiter: ';' });
      expect(row).toMatchObject({
        Referentie: IDS.volunteer,
        'Ontvangen op': '2026-03-01 09:00:00',
        Soort: 'Aanmelding als vrijwilliger',
        'Werkdagen tot eerste contact': '3',
        'Langer dan beloofd': 'Nee',
        Naam: 'José Müller',
        Motivatie: 'Ik help graag; écht waar',
        Vaardigheden: 'Ontwerp; Evenementen',
      });
      const [gift] = parse<Row>(await staffCsv('donations', 'nl', { statuses: ['past_due'] }), {
        bom: true,
        columns: true,
        delimiter: ';',
      });
      expect(gift).toMatchObject({
        'Bedrag (euro)': '12,50',
        'Bedrag (eurocent)': '1250',
        Status: 'betaling mislukt, nieuwe poging',
        'Gestart op': '2026-01-10 10:05:00',
      });
      const [english] = parse<Row>(await staffCsv('donations', 'en', { statuses: ['past_due'] }), {
        bom: true,
        columns: true,
      });
      expect(english).toMatchObject({ 'Amount (euro)': '12.50', Status: 'payment failed, retrying' });
    });

    it('exports the history of every request: what changed, when, by whom, with the note, and no personal data', async () => {
      const { sheet, headers, rows } = await staffSheet('submission-history', 'nl');
      expect(sheet.name).toBe('Geschiedenis aanvragen');
      expect(headers).toEqual([
        'Gewijzigd op',
        'Referentie aanvraag',
        'Soort',
        'Nieuwe status',
        'Uitkomst',
        'Notitie',
        'Door',
        'Via',
      ]);
      expect(rows).toEqual([
        {
          'Gewijzigd op': new Date(Date.UTC(2026, 2, 4, 10, 0, 0)),
          'Referentie aanvraag': IDS.volunteer,
          Soort: 'Aanmelding als vrijwilliger',
          'Nieuwe status': 'contact opgenomen',
          Uitkomst: null,
          Notitie: 'Gebeld; komt dinsdag',
          Door: 'Marieke',
          Via: 'link in e-mail',
        },
        expect.objectContaining({ 'Nieuwe status': 'afgesloten', Uitkomst: 'gekoppeld', Via: 'opdracht op de server' }),
        expect.objectContaining({ 'Referentie aanvraag': IDS.contact, Soort: 'Contactbericht', Door: 'Sam' }),
      ]);
      const closed = await staffSheet('submission-history', 'nl', { statuses: ['closed'], type: 'volunteer' });
      expect(closed.rows).toHaveLength(1);
      const april = await staffSheet('submission-history', 'nl', { since: '2026-04-01' });
      expect(april.rows.map((row) => row.Door)).toEqual(['Sam']);
    });

    it.each(DATASETS.map((d) => d.name))('%s has a word for every header in Dutch and English', async (name) => {
      for (const language of ['nl', 'en'] as const) {
        const { headers } = await staffSheet(name, language);
        const fields = findDataset(name)!.columns.map((col) => col.header);
        expect(headers).toHaveLength(fields.length);
        expect(headers.filter((header, i) => header === fields[i])).toEqual([]);
      }
    });
  });

  describe('JSON lines', () => {
    const jsonl = async (dataset: string, filters = {}) =>
      (await exportToBuffer(db, dataset, 'jsonl', filters))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);

    it('writes one typed object per row', async () => {
      const rows = await jsonl('submissions');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({
        id: IDS.volunteer,
        name: 'José Müller',
        skills: ['design', 'events'],
        speaks_dutch: true,
        created_at: '2026-03-01T08:00:00.000Z',
        email_attempts: 1,
        email_sent_at: '2026-03-01T08:00:05.000Z',
      });
      expect(Object.keys(rows[0])).toEqual(findDataset('submissions')!.columns.map((col) => col.header));
      expect(rows[1]).toMatchObject({ family_size: 4, email_status: 'dead', email_sent_at: null });
    });

    it('covers every dataset and filter', async () => {
      expect((await jsonl('donations', { statuses: ['past_due'] }))[0]).toMatchObject({
        amount_eur: 12.5,
        amount_cents: 1250,
        failed_attempts: 2,
        payment_method_type: 'sepa_debit',
      });
      expect(await jsonl('donation-payments', { statuses: ['failed'] })).toHaveLength(1);
      expect(await jsonl('error-reports', { until: '2026-03-31' })).toHaveLength(1);
      expect(await jsonl('submissions', { type: 'contact', since: '2026-04-01', until: '2026-04-30' })).toHaveLength(1);
    });
  });

  describe('the command', () => {
    const env = () => ({ DATABASE_URL: database.url });

    it('writes a Dutch XLSX to standard output by default', async () => {
      const run = await runCommand('export', ['submissions', '--type', 'volunteer'], env());
      expect(run.code).toBe(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(run.stdout as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.name).toBe('Aanvragen');
      expect(sheet.getRow(1).getCell(1).value).toBe('Referentie');
      expect(sheet.getRow(2).getCell(1).value).toBe(IDS.volunteer);
      expect(sheet.rowCount).toBe(2);
    });

    it('writes an English CSV with --language en --format csv, and only open requests with --open', async () => {
      const run = await runCommand('export', ['submissions', '--open', '--language', 'en', '--format', 'csv'], env());
      expect(run.code).toBe(0);
      const rows = parse<Row>(run.stdout, { bom: true, columns: true });
      expect(rows.map((row) => [row.Reference, row.Status])).toEqual([
        [IDS.help, 'new'],
        [IDS.contact, 'contacted'],
      ]);
    });

    it('writes a file named by --output, takes the format from its extension and reports progress', async () => {
      const file = join(workDir, 'volunteers.xlsx');
      const run = await runCommand('export', ['submissions', '--since', '2026-03-01', '--output', file], env());
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/3 rows written .* to .*volunteers\.xlsx/);
      expect(existsSync(`${file}.partial`)).toBe(false);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      expect(workbook.worksheets[0].rowCount).toBe(4);
    });

    it('writes JSON lines with --format jsonl', async () => {
      const file = join(workDir, 'payments.txt');
      const run = await runCommand('export', ['donation-payments', '--format', 'jsonl', '--output', file], env());
      expect(run.code).toBe(0);
      expect(
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { stripe_invoice_id: string }).stripe_invoice_id),
      ).toEqual(['in_1', 'in_2', 'in_3']);
    });

    it('prints usage with examples for --help', async () => {
      const run = await runCommand('export', ['--help'], {});
      expect(run.code).toBe(0);
      expect(run.stdout.toString()).toContain('npm run export -- submissions --type volunteer');
    });

    it.each([
      [[], /^Missing dataset/],
      [['members'], /^Unknown dataset "members": choose submissions, submission-history, donations, /],
      [['submissions', '--language', 'fr'], /^Unknown language "fr": choose nl or en/],
      [['donations', '--open'], /^--open applies to submissions only/],
      [['submission-history', '--status', 'open'], /^Unknown request status "open" for submission-history/],
      [['submissions', '--type', 'donor'], /^Unknown type "donor"/],
      [['donations', '--type', 'volunteer'], /^--type applies to submissions and submission-history, not to donations/],
      [['submissions', '--status', 'lost'], /^Unknown email delivery status "lost"/],
      [['donations', '--status', 'dead'], /^Unknown donation status "dead"/],
      [['error-reports', '--status', 'sent'], /^--status does not apply to error-reports/],
      [['submissions', '--since', '2026-02-30'], /^Invalid date "2026-02-30" for --since/],
      [['submissions', '--until', '1-3-2026'], /^Invalid date "1-3-2026" for --until/],
      [['submissions', '--since', '2026-05-01', '--until', '2026-04-01'], /is after --until/],
      [['submissions', '--format', 'pdf'], /^Unknown format "pdf"/],
      [['submissions', '--colour'], /^Unknown option --colour/],
      [['submissions', '--output'], /^--output needs a value/],
    ])('refuses %j with exit code 2, one clear line and a hint', async (args, message) => {
      const run = await runCommand('export', args, env());
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines[0]).toMatch(message);
      expect(lines).toEqual([lines[0], 'Run `npm run export -- --help` for usage and examples.']);
      expect(run.stdout.length).toBe(0);
    });

    it('says so in one line, exit code 1, when the database cannot be reached', async () => {
      const run = await runCommand('export', ['submissions'], {
        DATABASE_URL: 'postgresql://postgres:secret@127.0.0.1:1/nowhere',
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        'Cannot connect to the database at 127.0.0.1:1/nowhere (ECONNREFUSED). Is PostgreSQL running and DATABASE_URL right?',
      );
    });

    it('asks for DATABASE_URL when it is missing, and nothing else of the web configuration', async () => {
      const run = await runCommand('export', ['submissions'], {});
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('DATABASE_URL is required');
      expect(run.stderr).not.toMatch(/SMTP_URL|STRIPE|TURNSTILE|\n\s+at /);
    });
  });
});

describe('staff exports opened in a spreadsheet, with "," or ";" as list separator', () => {
  let database: TestDatabase;
  let db: Client;
  const HOSTILE = {
    name: `x;=cmd|' /C calc'!A0;y`,
    location: 'Den Haag; @SUM(1+1)*cmd|x',
    subject: 'a;"=HYPERLINK(""http://evil.example"")',
    message: 'Hallo,\n=HYPERLINK("http://evil.example","klik")\r\n\n-2+cmd|x\r+1;;@y\n\t=1',
    description: 'Eerste regel\n  - een opsomming',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
    await db.query(
      `INSERT INTO submissions (id, type, language, name, email, phone, location, subject, message, description)
       VALUES (gen_random_uuid(), 'contact', 'nl', $1, 'evil@example.org', '+31 6 1234 5678', $2, $3, $4, $5)`,
      [HOSTILE.name, HOSTILE.location, HOSTILE.subject, HOSTILE.message, HOSTILE.description],
    );
    await db.query(
      `INSERT INTO donations (id, amount_cents, name, email, message, language, status, payment_method_type)
       VALUES ('00000000-0000-4000-8000-0000000000a1', 1000, '  =cmd|x', 'donor@example.org', 'Succes;-cmd|x', 'nl',
         'active', '=wero|x')`,
    );
    // A payment method type is Stripe's text, stored as sent: a hostile one is neutralised like any text.
    await db.query(
      `INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, invoice_created_at,
         payment_method_type)
       VALUES (gen_random_uuid(), '00000000-0000-4000-8000-0000000000a1', 'in_hostile', 1000, 'paid', now(), '+ideal;@x')`,
    );
    // Error reports arrive from anyone's browser; rows stored before input was trimmed may start with spaces.
    await db.query(
      `INSERT INTO error_reports (id, fingerprint, message, stack, component_stack, url, user_agent)
       VALUES (gen_random_uuid(), 'fp', $1, $2, $3, $4, $5)`,
      [" =cmd|' /C calc'!A0", 'Error\n=1+1', '\n    @x', 'https://x/;=1', '\t+cmd|x'],
    );
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  const exportedCsv = async (dataset: string) => (await exportToBuffer(db, dataset, 'csv')).toString('utf8');

  it.each(DATASETS.map((d) => d.name))('%s: no cell starts a formula when split on ";"', async (name) => {
    const cells = spreadsheetCells(await exportedCsv(name), ';');
    expect(cells.length).toBeGreaterThan(1);
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  });

  it.each(DATASETS.map((d) => d.name))('%s: no cell starts a formula when split on ","', async (name) => {
    const cells = spreadsheetCells(await exportedCsv(name), ',');
    expect(cells.filter((cell) => FORMULA_START.test(cell) && !PLAIN_SIGNED_NUMBER.test(cell))).toEqual([]);
  });

  it('changes a value only by an apostrophe where a cell could start, and keeps phone numbers', async () => {
    const [row] = parseCsv(Buffer.from(await exportedCsv('submissions')));
    expect(row).toMatchObject({
      name: `x;'=cmd|' /C calc'!A0;y`,
      location: "Den Haag;' @SUM(1+1)*cmd|x",
      subject: `a;'"=HYPERLINK(""http://evil.example"")`,
      message: `Hallo,\n'=HYPERLINK("http://evil.example","klik")\r\n\n'-2+cmd|x\r'+1;;'@y\n\t'=1`,
      description: "Eerste regel\n'  - een opsomming",
      phone: '+31 6 1234 5678',
    });
    const [report] = parseCsv(Buffer.from(await exportedCsv('error-reports')));
    expect(report).toMatchObject({ message: "' =cmd|' /C calc'!A0", user_agent: "\t'+cmd|x" });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { LANGUAGES, STAFF_SPREADSHEET_PATHS, type Language } from '@stichting/contracts';
import { LOCALES_DIR } from '../src/common/site-copy';
import { SPREADSHEET_DOWNLOADS_PER_MINUTE } from '../src/staff-overview/spreadsheet-download.controller';
import { SpreadsheetLinks } from '../src/staff-overview/spreadsheet-links';
import type { SpreadsheetSelection } from '../src/staff-overview/spreadsheet-link';
import { bodies, postJson, sendEmailBody, sql, waitFor } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

const words = (language: Language) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, language, 'staffAction.json'), 'utf8')) as {
    problems: { invalid: string };
    download: { expired: string };
  };

const DAY_MS = 86_400_000;

/**
 * docs/product.md §4.10.2: "download as a spreadsheet" from a staff email or the daily overview. The link opens a
 * page; only the page's POST answers the file, so a mail scanner that opens every link fetches no personal data.
 */
describe('spreadsheet download links', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const tokenOf = (url: string) => new URL(url).hash.replace(/^#download=/, '');
  const sign = (selection: SpreadsheetSelection, now = new Date()) =>
    tokenOf(stack.app.get(SpreadsheetLinks).url(selection, now));

  async function download(token: string, language: Language = 'nl') {
    const response = await fetch(`${stack.url}${STAFF_SPREADSHEET_PATHS.download}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, language }),
    });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  }

  async function rowsOf(file: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    return Array.from({ length: sheet.rowCount - 1 }, (_, r): Record<string, unknown> =>
      Object.fromEntries(headers.map((header, i) => [header, sheet.getRow(r + 2).getCell(i + 1).value])),
    );
  }

  async function insertRequest(type: string, createdAt: string, status = 'new'): Promise<string> {
    const [row] = await sql<{ id: string }>(
      stack,
      `INSERT INTO submissions (id, type, language, name, email, created_at, status)
       VALUES (gen_random_uuid(), $1, 'nl', 'Test Persoon', 'test@example.org', $2, $3) RETURNING id`,
      [type, createdAt, status],
    );
    return row.id;
  }

  it('carries a link in every staff email to that type and month, and its POST answers them as a Dutch XLSX', async () => {
    const sent = await postJson(stack, sendEmailBody('volunteer', { email: 'download@example.org' }));
    expect(sent.status).toBe(201);
    const id = sent.json.id as string;
    const mail = await waitFor(
      () => stack.smtp.messages.find((message) => message.messageId === `<${id}.staff@stichting.test>`),
      20_000,
      'the staff email',
    );
    const { text } = bodies(mail.raw);
    const line =
      /^(Download alle aanvragen van deze soort \(aanmelding als vrijwilliger\) uit .+ als spreadsheet): (\S+)$/m.exec(
        text,
      );
    expect(line).not.toBeNull();
    const earlier = await insertRequest('volunteer', '2020-01-15 10:00+01');
    const other = await insertRequest('contact', new Date().toISOString());

    const { response, body } = await download(tokenOf(line![2]));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="requests-volunteer-\d{4}-\d{2}\.xlsx"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const rows = await rowsOf(body);
    const references = rows.map((row) => row.Referentie);
    expect(references).toContain(id);
    expect(references).not.toContain(earlier);
    expect(references).not.toContain(other);
    expect(rows.find((row) => row.Referentie === id)).toMatchObject({
      Soort: 'Aanmelding als vrijwilliger',
      Status: 'nieuw',
      'Langer dan beloofd': 'Nee',
      'E-mail': 'download@example.org',
    });
  });

  it('answers every open request (new or contacted, not closed) for the overview link, in English on an English page', async () => {
    const open = await insertRequest('help-request', '2026-03-02 10:00+01', 'new');
    const contacted = await insertRequest('contact', '2026-03-03 10:00+01', 'contacted');
    const closed = await insertRequest('contact', '2026-03-04 10:00+01', 'closed');
    const { response, body } = await download(sign({ kind: 'open' }), 'en');
    expect(response.status).toBe(200);
    const rows = await rowsOf(body);
    const references = rows.map((row) => row.Reference);
    expect(references).toEqual(expect.arrayContaining([open, contacted]));
    expect(references).not.toContain(closed);
    expect(rows.find((row) => row.Reference === open)).toMatchObject({
      Type: 'Help request',
      Status: 'new',
      'Waiting longer than promised': 'Yes',
    });
  });

  it('reads what the file will hold, for the page to say so', async () => {
    const month = await postJson(
      stack,
      { token: sign({ kind: 'month', type: 'help-request', month: '2026-04' }), language: 'nl' },
      STAFF_SPREADSHEET_PATHS.read,
    );
    expect(month).toMatchObject({
      status: 200,
      json: { success: true, selection: { kind: 'month', type: 'help-request', month: '2026-04' } },
    });
  });

  it('answers a GET or HEAD of its addresses with no file and no handler, as a mail scanner gets them', async () => {
    const token = sign({ kind: 'open' });
    for (const path of Object.values(STAFF_SPREADSHEET_PATHS)) {
      for (const method of ['GET', 'HEAD']) {
        // The site answers every GET under /api with its 403 page: no handler is reached.
        const response = await fetch(`${stack.url}${path}?token=${token}`, { method });
        expect({ path, method, status: response.status }).toEqual({ path, method, status: 403 });
        expect(response.headers.get('content-type') ?? '').not.toMatch(/spreadsheet/);
        expect(response.headers.get('content-disposition')).toBeNull();
      }
    }
  });

  it.each(LANGUAGES)('refuses a forged or expired link in %s', async (language) => {
    const token = sign({ kind: 'open' });
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const read = (bad: string) => postJson(stack, { token: bad, language }, STAFF_SPREADSHEET_PATHS.read);
    for (const bad of [forged, 'not-a-token', token.slice(0, 20)]) {
      expect(await read(bad)).toMatchObject({
        status: 403,
        json: { success: false, problem: 'invalid', error: words(language).problems.invalid },
      });
    }
    expect(await read(sign({ kind: 'open' }, new Date(Date.now() - 2 * DAY_MS)))).toMatchObject({
      status: 410,
      json: { success: false, problem: 'expired', error: words(language).download.expired },
    });
  });

  it('downloads no file for a forged link, and only a few per address and minute', async () => {
    const token = sign({ kind: 'open' });
    const forged = await download(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, 'es');
    expect(forged.response.status).toBe(403);
    expect(JSON.parse(forged.body.toString('utf8'))).toMatchObject({ error: words('es').problems.invalid });
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) statuses.push((await download(token)).response.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(SPREADSHEET_DOWNLOADS_PER_MINUTE);
  });
});

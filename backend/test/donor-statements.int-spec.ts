import { Client } from 'pg';
import { FOUNDATION, formatEuro } from '@stichting/contracts';
import { assertCliBuilt, exportToBuffer, runCommand } from './exports.helpers';
import { donorMessages, insertDonation, insertPayment } from './support/donors';
import { sql, untilRecorded } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

const statements = (stack: TestStack, ...args: string[]) =>
  runCommand('donations', ['statements', ...args], { DATABASE_URL: stack.database.url });

async function yearlyTotals(stack: TestStack): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    const text = (await exportToBuffer(client, 'donor-yearly-totals', 'jsonl')).toString('utf8').trim();
    return text.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  } finally {
    await client.end();
  }
}

describe('yearly statements (npm run donations -- statements)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    assertCliBuilt();
    stack = await startTestStack();
    // Iris gives monthly in Dutch since 2025 and started a second gift (same address, other letter case) in 2026.
    const iris = await insertDonation(stack, {
      email: 'iris@example.org',
      language: 'nl',
      createdAt: new Date('2025-11-20'),
    });
    const iris2 = await insertDonation(stack, {
      email: 'Iris@Example.org',
      language: 'nl',
      createdAt: new Date('2026-05-01'),
    });
    for (const paidAt of ['2025-12-15T10:00:00Z', '2026-01-15T10:00:00Z', '2026-02-15T10:00:00Z']) {
      await insertPayment(stack, { intentId: iris, amountCents: 2500, paidAt: new Date(paidAt) });
    }
    await insertPayment(stack, { intentId: iris2, amountCents: 1050, paidAt: new Date('2026-05-02T10:00:00Z') });
    await insertPayment(stack, {
      intentId: iris,
      amountCents: 2500,
      paidAt: new Date('2026-03-15T10:00:00Z'),
      status: 'failed',
    });
    // 31 December 2026 at 23:30 in Amsterdam is still 2026; 1 January 2027 at 00:30 is not.
    await insertPayment(stack, { intentId: iris, amountCents: 2500, paidAt: new Date('2026-12-31T22:30:00Z') });
    await insertPayment(stack, { intentId: iris, amountCents: 2500, paidAt: new Date('2026-12-31T23:30:00Z') });
    // Tom gives in English; he paid only in 2025.
    const tom = await insertDonation(stack, {
      email: 'tom@example.org',
      language: 'en',
      createdAt: new Date('2025-01-01'),
    });
    await insertPayment(stack, { intentId: tom, amountCents: 5000, paidAt: new Date('2025-06-01T10:00:00Z') });
    // Rosa gives in Spanish and paid in 2026.
    const rosa = await insertDonation(stack, { email: 'rosa@example.org', language: 'es' });
    await insertPayment(stack, { intentId: rosa, amountCents: 10000, paidAt: new Date('2026-04-01T10:00:00Z') });
  });
  afterAll(() => stack.close());

  it('--dry-run lists each donor of the year and sends nothing', async () => {
    const run = await statements(stack, '--year', '2026', '--dry-run');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout.toString();
    expect(out).toContain('would queue  Iris@Example.org  4 payments, EUR 85.50');
    expect(out).toContain('would queue  rosa@example.org  1 payment, EUR 100.00');
    expect(out).not.toContain('tom@example.org');
    expect(out).toContain('nothing was queued');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stack.smtp.messages).toHaveLength(0);
    expect(await sql(stack, 'SELECT 1 FROM donor_emails')).toHaveLength(0);
  });

  it('sends each donor one statement for the asked year, in their language, with every payment and the total', async () => {
    const run = await statements(stack, '--year', '2026');
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toContain('Statements for 2026: 2 queued, 0 already sent.');

    const [iris] = await donorMessages(stack, 'Iris@Example.org', 1);
    expect(iris.subject).toBe('Jaaroverzicht van je giften in 2026');
    const rows = iris.text.split('\n').filter((line) => /^\d+ \w+ 2026\s/.test(line));
    expect(rows.map((line) => line.replace(/\s+/g, ' '))).toEqual(
      ['15 januari 2026', '15 februari 2026', '2 mei 2026', '31 december 2026'].map((day, i) =>
        `${day} ${formatEuro([25, 25, 10.5, 25][i], 'nl')}`.replace(/\s+/g, ' '),
      ),
    );
    expect(iris.text.replace(/\s+/g, ' ')).toContain(`Totaal 2026 ${formatEuro(85.5, 'nl')}`.replace(/\s+/g, ' '));
    expect(iris.text).toContain(`${FOUNDATION.name}, RSIN ${FOUNDATION.rsin}`);
    expect(iris.text).not.toContain('2025');

    const [rosa] = await donorMessages(stack, 'rosa@example.org', 1);
    expect(rosa.subject).toBe('Resumen anual de tus donaciones en 2026');
    expect(rosa.text).toContain('1 de abril de 2026');
    expect(stack.smtp.to('tom@example.org')).toHaveLength(0);

    const totals = await untilRecorded(
      () => yearlyTotals(stack),
      (row) => row.statement_status,
      'the statements to be recorded',
    );
    expect(totals).toEqual([
      expect.objectContaining({
        year: 2025,
        donor_email: 'iris@example.org',
        payments: 1,
        total_eur: 25,
        statement_status: null,
      }),
      expect.objectContaining({ year: 2025, donor_email: 'tom@example.org', payments: 1, total_eur: 50 }),
      expect.objectContaining({
        year: 2026,
        donor_email: 'iris@example.org',
        payments: 4,
        total_eur: 85.5,
        statement_status: 'sent',
      }),
      expect.objectContaining({
        year: 2026,
        donor_email: 'rosa@example.org',
        payments: 1,
        total_eur: 100,
        statement_status: 'sent',
      }),
      expect.objectContaining({ year: 2027, donor_email: 'iris@example.org', payments: 1, total_eur: 25 }),
    ]);
  });

  it('sends nothing when run again, also for one donor by address', async () => {
    const again = await statements(stack, '--year', '2026');
    expect(again.stdout.toString()).toContain('Statements for 2026: 0 queued, 2 already sent.');
    const one = await statements(stack, '--year', '2026', '--email', 'IRIS@example.org');
    expect(one.stdout.toString()).toContain('already sent Iris@Example.org');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stack.smtp.messages).toHaveLength(2);
  });

  it('refuses wrong arguments with exit code 2', async () => {
    expect((await statements(stack)).code).toBe(2);
    expect((await statements(stack, '--year', '26')).stderr).toContain('Invalid year "26"');
    expect((await runCommand('donations', ['statement'], { DATABASE_URL: stack.database.url })).code).toBe(2);
  });
});

describe('yearly statements match the address literally, in any letter case', () => {
  let stack: TestStack;
  beforeAll(async () => {
    assertCliBuilt();
    stack = await startTestStack();
    // `_` and `%` are wildcards of SQL's LIKE: José's statement must never list Joséx's gift.
    const jose = await insertDonation(stack, { email: 'jose_m@example.org', language: 'en' });
    const joseX = await insertDonation(stack, { email: 'joseXm@example.org', language: 'en' });
    await insertPayment(stack, { intentId: jose, amountCents: 2500, paidAt: new Date('2026-03-01T10:00:00Z') });
    await insertPayment(stack, { intentId: joseX, amountCents: 700000, paidAt: new Date('2026-03-02T10:00:00Z') });
  });
  afterAll(() => stack.close());

  it("a statement for jose_m@ (typed in upper case) lists only jose_m@'s gift and total", async () => {
    const run = await statements(stack, '--year', '2026', '--email', 'JOSE_M@EXAMPLE.ORG');
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toContain('Statements for 2026: 1 queued, 0 already sent.');
    const [jose] = await donorMessages(stack, 'jose_m@example.org', 1);
    expect(jose.text.replace(/\s+/g, ' ')).toContain(`Total 2026 ${formatEuro(25, 'en')}`.replace(/\s+/g, ' '));
    expect(jose.text).not.toContain(formatEuro(7000, 'en'));
    expect(stack.smtp.to('joseXm@example.org')).toHaveLength(0);
  });

  it('an address with a wildcard in it matches no one else', async () => {
    const run = await statements(stack, '--year', '2026', '--email', 'jose%@example.org', '--dry-run');
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).not.toMatch(/jose/i);
  });
});

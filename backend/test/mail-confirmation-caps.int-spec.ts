import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { loadConfig } from '../src/config/app-config';
import { exportToBuffer } from './exports.helpers';
import { AppProcess, runConcurrently, useFaultFixture } from './support/faults-app';
import { postJson, sendEmailBody, sql, waitFor } from './support/submissions';
import { startTestStack, TEST_STAFF_EMAIL, testEnv, type TestStack } from './support/test-app';

/**
 * Confirmations to one address and in total are capped, so the forms cannot be used to mail strangers: past a cap
 * the submission is still stored and staff still get it, only the confirmation to the visitor is skipped, and
 * the row says why (staff see it in the submissions export).
 */
const CAPS = { CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: '3', CONFIRMATION_CAP_PER_HOUR: '200' };

interface Row extends Record<string, unknown> {
  id: string;
  email_status: string;
  email_sent_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmation_skipped: string | null;
}

const rowsOf = (stack: { database: { url: string } }, ids: string[]) =>
  sql<Row>(
    stack,
    'SELECT id, email_status, email_sent_at, confirmation_sent_at, confirmation_skipped FROM submissions WHERE id = ANY($1::uuid[])',
    [ids],
  ).then((rows) => ids.map((id) => rows.find((row) => row.id === id)!));

async function submit(stack: TestStack, email: string, type: 'contact' | 'help-request' = 'contact'): Promise<string> {
  const response = await postJson(stack, sendEmailBody(type, { email }));
  expect(response.status).toBe(201);
  return response.json.id as string;
}

/** A form sent through a proxy (the stack runs with TRUST_PROXY=1) on behalf of `client`. */
async function submitFrom(stack: TestStack, client: string, email: string): Promise<string> {
  const response = await fetch(`${stack.url}/api/send-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(sendEmailBody('contact', { email })),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function waitUntilSent(stack: TestStack, ids: string[]): Promise<Row[]> {
  return waitFor(
    async () => {
      const rows = await rowsOf(stack, ids);
      return rows.every((row) => row.email_status === 'sent') && rows;
    },
    20_000,
    'every submission to be sent',
  );
}

const confirmationsTo = (stack: TestStack, id: string) =>
  stack.smtp.messages.filter((m) => m.messageId === `<${id}.confirmation@stichting.test>`);
const staffMailsAbout = (stack: TestStack, id: string) =>
  stack.smtp.messages.filter((m) => m.messageId === `<${id}.staff@stichting.test>` && m.to[0] === TEST_STAFF_EMAIL);

describe('confirmation caps: configuration', () => {
  const env = testEnv({
    databaseUrl: 'postgresql://localhost/x',
    smtpUrl: 'smtp://localhost:25',
    turnstileVerifyUrl: 'http://localhost/siteverify',
    stripeApiUrl: 'http://localhost:1',
    stripeSecretKey: 'sk_test_abc',
  });
  const without = { ...env, CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: undefined, CONFIRMATION_CAP_PER_HOUR: undefined };

  it('defaults to 3 per address per day and 200 per hour', () => {
    expect(loadConfig(without).mail.confirmationCaps).toEqual({ perAddressPerDay: 3, perHour: 200 });
  });

  it('refuses values that are not positive whole numbers, naming each variable', () => {
    expect(() =>
      loadConfig({ ...without, CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: '0', CONFIRMATION_CAP_PER_HOUR: 'lots' }),
    ).toThrow(/CONFIRMATION_CAP_PER_ADDRESS_PER_DAY[\s\S]*CONFIRMATION_CAP_PER_HOUR/);
  });
});

describe('confirmation caps: per address per day', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(CAPS);
  });
  afterAll(() => stack.close());

  it('the 4th form from one address in a day is stored and reaches staff, but gets no confirmation; the export says so', async () => {
    const ids = [
      await submit(stack, 'repeat@example.org'),
      await submit(stack, 'repeat@example.org', 'help-request'),
      await submit(stack, 'repeat@example.org'),
    ];
    await waitUntilSent(stack, ids);
    // Another spelling of the same mailbox counts for the same address.
    const fourth = await submit(stack, 'Repeat@Example.ORG');
    const other = await submit(stack, 'someone-else@example.org');
    const rows = await waitUntilSent(stack, [...ids, fourth, other]);

    for (const id of [...ids, fourth, other]) expect(staffMailsAbout(stack, id)).toHaveLength(1);
    for (const id of [...ids, other]) expect(confirmationsTo(stack, id)).toHaveLength(1);
    expect(confirmationsTo(stack, fourth)).toHaveLength(0);
    expect(stack.smtp.messages.filter((m) => m.to.some((to) => /repeat@example\.org/i.test(to)))).toHaveLength(3);

    const [fourthRow, otherRow] = rows.slice(3);
    expect(fourthRow).toMatchObject({ confirmation_skipped: 'address-daily-limit', confirmation_sent_at: null });
    expect(fourthRow.email_sent_at).toBeInstanceOf(Date);
    expect(otherRow.confirmation_skipped).toBeNull();

    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      const csv = parse<Record<string, string>>(await exportToBuffer(db, 'submissions', 'csv'), {
        bom: true,
        columns: true,
      });
      const byId = new Map(csv.map((row) => [row.id, row]));
      expect(byId.get(fourth)).toMatchObject({ email_status: 'sent', confirmation_skipped: 'address-daily-limit' });
      expect(byId.get(fourth)!.email_sent_at).not.toBe('');
      expect(byId.get(ids[0])).toMatchObject({ confirmation_skipped: '' });
    } finally {
      await db.end();
    }
  });

  it('counts the last 24 hours: once a confirmation is older than a day, the address gets one again', async () => {
    // Sent together, the four are decided in whatever order the worker takes them: any three get a confirmation.
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(stack, 'daily@example.org'));
    const rows = await waitUntilSent(stack, ids);
    expect(rows.map((row) => row.confirmation_skipped).sort()).toEqual(['address-daily-limit', null, null, null]);

    const confirmed = rows.filter((row) => row.confirmation_sent_at);
    await sql(
      stack,
      "UPDATE submissions SET confirmation_allowed_at = confirmation_allowed_at - interval '24 hours 1 minute' WHERE id = $1",
      [confirmed[0].id],
    );
    const later = [await submit(stack, 'daily@example.org'), await submit(stack, 'daily@example.org')];
    const laterRows = await waitUntilSent(stack, later);
    expect(laterRows.map((row) => row.confirmation_skipped).sort()).toEqual(['address-daily-limit', null]);
    expect(later.map((id) => confirmationsTo(stack, id).length).sort()).toEqual([0, 1]);
  });
});

describe('confirmation caps: one mailbox, many spellings', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(CAPS);
  });
  afterAll(() => stack.close());

  it('counts a quoted local part, a +tag and (at Gmail) dots as the same address', async () => {
    const spellings = ['victim@gmail.com', '"victim"@gmail.com', 'Victim+news@gmail.com'];
    const ids = [];
    for (const email of spellings) ids.push(await submit(stack, email));
    await waitUntilSent(stack, ids);
    const later = [
      await submit(stack, 'v.i.c.t.i.m@googlemail.com'),
      await submit(stack, '"vic.tim+x"@GMAIL.com'),
      await submit(stack, 'victim+other@gmail.com'),
    ];
    const rows = await waitUntilSent(stack, [...ids, ...later]);
    expect(rows.map((row) => row.confirmation_skipped)).toEqual([
      null,
      null,
      null,
      'address-daily-limit',
      'address-daily-limit',
      'address-daily-limit',
    ]);
    for (const id of later) expect(confirmationsTo(stack, id)).toHaveLength(0);
  });

  it('keeps dots apart outside Gmail, and tags apart from other mailboxes of the same domain', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await submit(stack, 'first.last@example.org'));
    ids.push(await submit(stack, 'firstlast@example.org'), await submit(stack, 'first.last2+a@example.org'));
    const rows = await waitUntilSent(stack, ids);
    expect(rows.map((row) => row.confirmation_skipped)).toEqual([null, null, null, null, null]);
  });
});

describe('confirmation caps: a share of the hourly cap per client', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // One client may take a tenth of the hourly cap: 2 of 20.
    stack = await startTestStack({ ...CAPS, CONFIRMATION_CAP_PER_HOUR: '20', TRUST_PROXY: '1' });
  });
  afterAll(() => stack.close());

  it("one client's forms to many addresses use up only its share; another client still gets confirmations", async () => {
    const flood = [];
    for (let i = 0; i < 4; i++) flood.push(await submitFrom(stack, '198.51.100.7', `share-${i}@example.org`));
    const floodRows = await waitUntilSent(stack, flood);
    expect(floodRows.map((row) => row.confirmation_skipped).sort()).toEqual([
      'hourly-limit',
      'hourly-limit',
      null,
      null,
    ]);
    const other = await submitFrom(stack, '198.51.100.8', 'share-other@example.org');
    const [otherRow] = await waitUntilSent(stack, [other]);
    expect(otherRow.confirmation_skipped).toBeNull();
    expect(confirmationsTo(stack, other)).toHaveLength(1);

    // The row keeps a hash of the client's address, never the address itself.
    const stored = await sql<{ client_key: string | null }>(
      stack,
      'SELECT client_key FROM submissions WHERE id = ANY($1::uuid[])',
      [[...flood, other]],
    );
    const keys = new Set(stored.map((row) => row.client_key));
    expect(keys.size).toBe(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32,64}$/);
    const everything = JSON.stringify(await sql(stack, 'SELECT * FROM submissions WHERE id = $1', [other]));
    expect(everything).not.toContain('198.51.100.8');
  });
});

describe('confirmation caps: per hour in total', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ ...CAPS, CONFIRMATION_CAP_PER_HOUR: '2', TRUST_PROXY: '1' });
  });
  afterAll(() => stack.close());

  it('past the hourly cap, forms from new addresses are stored and reach staff without a confirmation', async () => {
    // From four clients, so no client's own share of the cap is what stops them.
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await submitFrom(stack, `203.0.113.${i + 1}`, `hourly-${i}@example.org`));
    const rows = await waitUntilSent(stack, ids);
    const sentTo = (row: Row) => confirmationsTo(stack, row.id).length;
    expect(rows.filter((row) => row.confirmation_skipped === 'hourly-limit').map(sentTo)).toEqual([0, 0]);
    expect(rows.filter((row) => row.confirmation_skipped === null).map(sentTo)).toEqual([1, 1]);
    expect(ids.map((id) => staffMailsAbout(stack, id).length)).toEqual([1, 1, 1, 1]);
  });
});

describe('confirmation caps: two app instances, one address, many forms at once', () => {
  const fixture = useFaultFixture();
  const FORMS = 30;

  it('sends exactly 3 confirmations, staff get every form, and each skip is logged once by row id, without the address', async () => {
    const { stubs, database } = fixture;
    // One job per fetch: many small decisions from 2 x 4 workers at once, the most chances for a race.
    const env = { ...CAPS, LOG_LEVEL: 'warn', MAIL_BATCH_SIZE: '1' };
    fixture.apps.push(
      AppProcess.main(await stubs.env(database.url, env)),
      AppProcess.main(await stubs.env(database.url, env)),
    );
    await Promise.all(fixture.apps.map((app) => app.waitReady()));

    const email = 'flood-target@example.org';
    const results = await runConcurrently(FORMS, 16, (i) =>
      postJson({ url: fixture.apps[i % 2].url }, sendEmailBody('contact', { email })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(FORMS).fill(201));

    const rows = await waitFor(
      async () => {
        const all = await sql<Row>(
          { database },
          'SELECT id, email_status, email_sent_at, confirmation_sent_at, confirmation_skipped FROM submissions',
        );
        return all.length === FORMS && all.every((row) => row.email_status === 'sent') && all;
      },
      60_000,
      'every form to be handled',
    );
    const skipped = rows.filter((row) => row.confirmation_skipped === 'address-daily-limit');
    expect(skipped).toHaveLength(FORMS - 3);
    expect(rows.filter((row) => row.confirmation_sent_at)).toHaveLength(3);

    const mails = stubs.smtp.messages;
    expect(mails.filter((m) => m.to.includes(email))).toHaveLength(3);
    expect(mails.filter((m) => m.to.includes(TEST_STAFF_EMAIL))).toHaveLength(FORMS);

    // One line per skipped confirmation across both processes, naming the row; the address appears nowhere.
    const output = fixture.apps.map((app) => app.log(20_000)).join('\n');
    const lines = output.split('\n').filter((line) => line.includes('confirmation skipped'));
    expect(lines).toHaveLength(FORMS - 3);
    for (const row of skipped) expect(lines.filter((line) => line.includes(row.id))).toHaveLength(1);
    expect(output).not.toContain(email);
  }, 120_000);
});

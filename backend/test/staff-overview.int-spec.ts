import { randomUUID } from 'node:crypto';
import { StaffOverviewService } from '../src/staff-overview/staff-overview.service';
import { bodies, sql } from './support/submissions';
import { startTestStack, TEST_STAFF_EMAIL, type TestStack } from './support/test-app';

/** docs/product.md §4.10.1: the daily overview, with a controlled clock (the run's `now`). */

/** 08:30 in Amsterdam on `day` (summer time from April to October, winter time otherwise). */
const overviewAt = (day: string) => {
  const summer = day.slice(5, 7) >= '04' && day.slice(5, 7) <= '10';
  return new Date(`${day}T${summer ? '06' : '07'}:30:00Z`);
};

async function insertRequest(
  stack: TestStack,
  values: { type: string; name: string; createdAt: string; status?: string; erased?: boolean },
): Promise<string> {
  const id = randomUUID();
  await sql(
    stack,
    `INSERT INTO submissions (id, type, language, name, email, created_at, email_status, status, erased_at)
     VALUES ($1, $2, 'nl', $3, $4, $5, 'sent', $6::"SubmissionStatus", $7)`,
    [
      id,
      values.type,
      values.name,
      `${values.name.split(' ')[0].toLowerCase()}@example.org`,
      values.createdAt,
      values.status ?? 'new',
      values.erased ? new Date() : null,
    ],
  );
  return id;
}

describe('the daily overview of requests waiting past their promise (docs/product.md §4.10.1)', () => {
  let stack: TestStack;
  let overview: StaffOverviewService;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startTestStack();
    overview = stack.app.get(StaffOverviewService);
    // Easter 2026: Good Friday 3 April is a business day, Easter Monday 6 April is not.
    ids.anna = await insertRequest(stack, {
      type: 'volunteer',
      name: 'Anna de Vries',
      createdAt: '2026-04-03T08:00:00Z',
    });
    // A help request of Thursday 2 April is due Good Friday: overdue from Tuesday after Easter.
    ids.bram = await insertRequest(stack, {
      type: 'help-request',
      name: 'Bram Smit',
      createdAt: '2026-04-02T15:00:00Z',
    });
    // A contact message of Tuesday 7 April is due Friday 10 April: not overdue that week.
    ids.cor = await insertRequest(stack, { type: 'contact', name: 'Cor Jansen', createdAt: '2026-04-07T09:00:00Z' });
    // Answered or erased requests never wait.
    await insertRequest(stack, {
      type: 'volunteer',
      name: 'Dirk Contacted',
      createdAt: '2026-03-20T09:00:00Z',
      status: 'contacted',
    });
    await insertRequest(stack, {
      type: 'volunteer',
      name: 'Eva Closed',
      createdAt: '2026-03-20T09:00:00Z',
      status: 'closed',
    });
    await insertRequest(stack, {
      type: 'help-request',
      name: 'Erased',
      createdAt: '2026-03-20T09:00:00Z',
      erased: true,
    });
  });
  afterAll(() => stack.close());

  const overviews = () => stack.smtp.messages.filter((message) => message.subject?.startsWith('Overzicht'));

  it('sends nothing on Easter Monday (a holiday) or on a Sunday', async () => {
    expect(await overview.send(overviewAt('2026-04-06'))).toEqual({ outcome: 'not-a-business-day', day: '2026-04-06' });
    expect(await overview.send(overviewAt('2026-04-05'))).toEqual({ outcome: 'not-a-business-day', day: '2026-04-05' });
    expect(await sql(stack, 'SELECT 1 FROM staff_overview_emails')).toHaveLength(0);
    expect(overviews()).toHaveLength(0);
  });

  it('lists exactly the overdue requests, oldest first, with their action links and a spreadsheet link', async () => {
    // Tuesday 7 April: Bram's help request (due Good Friday) waits; Anna's application is due Thursday 9 April.
    expect(await overview.send(overviewAt('2026-04-07'))).toEqual({ outcome: 'sent', day: '2026-04-07', requests: 1 });
    const [first] = overviews();
    expect(first.to).toEqual([TEST_STAFF_EMAIL]);
    const { text } = bodies(first.raw);
    expect(text).toContain('Bram');
    expect(text).not.toContain('Anna');
    expect(text).not.toContain('Cor');
    expect(text).toContain('beloofd uiterlijk 3 april 2026');
    expect(text).toMatch(/Zet op ‘contact opgenomen’: http\S+#token=/);
    expect(text).toMatch(/Zet op ‘afgesloten: geholpen’: http\S+#token=/);
    expect(text).toMatch(/als spreadsheet: http\S+#download=/);
    expect(text).not.toContain('Dirk');
    expect(text).not.toContain('Eva');
  });

  it('a second run the same day (a retry, a second instance) sends nothing more', async () => {
    expect(await overview.send(new Date(overviewAt('2026-04-07').getTime() + 3_600_000))).toEqual({
      outcome: 'already-sent',
      day: '2026-04-07',
    });
    expect(overviews()).toHaveLength(1);
  });

  it("lists Anna's application from Friday 10 April, not on Thursday 9 April, oldest first", async () => {
    const before = overviews().length;
    await overview.send(overviewAt('2026-04-09'));
    const thursday = bodies(overviews()[before].raw).text;
    expect(thursday).not.toContain('Anna');

    await overview.send(overviewAt('2026-04-10'));
    const friday = bodies(overviews()[before + 1].raw).text;
    expect(friday.indexOf('Bram')).toBeGreaterThan(-1);
    expect(friday.indexOf('Anna')).toBeGreaterThan(friday.indexOf('Bram'));
    expect(friday).toContain('beloofd uiterlijk 9 april 2026');
    expect(friday).not.toContain('Cor');
    expect(overviews()[before + 1].subject).toContain('2 aanvraag of aanvragen');
  });

  it('sends nothing when nothing waits', async () => {
    await sql(stack, `UPDATE submissions SET status = 'contacted' WHERE id = ANY($1)`, [[ids.anna, ids.bram, ids.cor]]);
    const before = overviews().length;
    expect(await overview.send(overviewAt('2026-04-14'))).toEqual({ outcome: 'nothing-waits', day: '2026-04-14' });
    expect(overviews()).toHaveLength(before);
  });

  it("a help request on the eve of King's Day is listed two days later, not on King's Day", async () => {
    // Monday 26 April 2027; King's Day is Tuesday 27 April, so the answer is due Wednesday 28 April.
    await insertRequest(stack, { type: 'help-request', name: 'Fatima Koning', createdAt: '2027-04-26T10:00:00Z' });
    const before = overviews().length;
    expect((await overview.send(overviewAt('2027-04-27'))).outcome).toBe('not-a-business-day');
    expect((await overview.send(overviewAt('2027-04-28'))).outcome).toBe('nothing-waits');
    expect(await overview.send(overviewAt('2027-04-29'))).toMatchObject({ outcome: 'sent', requests: 1 });
    expect(bodies(overviews()[before].raw).text).toContain('Fatima');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FOUNDATION,
  LANGUAGES,
  ROUTES,
  STAFF_ACTION_PATHS,
  SUBMISSION_OUTCOMES,
  type Language,
} from '@stichting/contracts';
import { LOCALES_DIR } from '../src/common/site-copy';
import { StaffLinks } from '../src/staff-actions/staff-links';
import { bodies, postJson, sendEmailBody, sql, waitFor, type FormType } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

const locale = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, never>;
const words = (language: Language) =>
  locale(language, 'staffAction') as unknown as {
    problems: Record<string, string>;
    outcomes: Record<string, string>;
  };

/** docs/product.md §4.10: staff follow-up of requests, from the staff email to the status and its history. */
describe('staff status links', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  async function submit(type: FormType, overrides: Record<string, unknown> = {}, language = 'nl'): Promise<string> {
    const response = await postJson(stack, sendEmailBody(type, overrides, language));
    expect(response.status).toBe(201);
    return response.json.id as string;
  }

  /** The staff notification of a submission, decoded. */
  async function staffMail(id: string): Promise<{ text: string; html: string }> {
    const mail = await waitFor(
      () => stack.smtp.messages.find((message) => message.messageId === `<${id}.staff@stichting.test>`),
      20_000,
      `the staff email of ${id}`,
    );
    return bodies(mail.raw);
  }

  /** The action links of a staff email's text: "- <label>: <url>" lines, the url on this test's server. */
  function actionLinks(text: string): Array<{ label: string; url: string; token: string }> {
    return [...text.matchAll(/^- (.+): (https?:\/\/\S+#token=([A-Za-z0-9_.-]+))$/gm)].map((match) => ({
      label: match[1],
      url: `${stack.url}${new URL(match[2]).pathname}`,
      token: match[3],
    }));
  }

  const standing = async (id: string) =>
    (
      await sql<{ status: string; outcome: string | null; first_contact_at: Date | null; closed_at: Date | null }>(
        stack,
        'SELECT status, outcome, first_contact_at, closed_at FROM submissions WHERE id = $1',
        [id],
      )
    )[0];
  const history = (id: string) =>
    sql<{ status: string; outcome: string | null; note: string | null; changed_by: string | null; via: string }>(
      stack,
      'SELECT status, outcome, note, changed_by, via FROM submission_status_changes WHERE submission_id = $1 ORDER BY created_at',
      [id],
    );
  const read = (token: string, language: Language = 'nl') =>
    postJson(stack, { token, language }, STAFF_ACTION_PATHS.read);
  const apply = (token: string, fields: Record<string, unknown> = {}, language: Language = 'nl') =>
    postJson(stack, { token, language, ...fields }, STAFF_ACTION_PATHS.apply);

  it('gives every staff email a link per action of its type, and opening each with GET or HEAD changes nothing', async () => {
    for (const type of ['volunteer', 'contact', 'help-request'] as const) {
      const id = await submit(type, { email: `scanner-${type}@example.org` });
      const links = actionLinks((await staffMail(id)).text);
      expect(links).toHaveLength(1 + SUBMISSION_OUTCOMES[type].length);
      for (const { url, token } of links) {
        expect(new URL(url).pathname).toBe(ROUTES.staffAction.nl);
        // A mail scanner opens the page and, for good measure, the API's addresses with the token.
        for (const method of ['GET', 'HEAD']) {
          expect((await fetch(url, { method })).status).toBe(200);
          for (const path of [STAFF_ACTION_PATHS.apply, STAFF_ACTION_PATHS.read]) {
            // The site answers every GET under /api with its 403 page: no handler is reached.
            const response = await fetch(`${stack.url}${path}?token=${token}`, { method });
            expect(response.status).toBe(403);
          }
        }
      }
      expect(await standing(id)).toEqual({ status: 'new', outcome: null, first_contact_at: null, closed_at: null });
      expect(await history(id)).toEqual([]);
    }
  });

  it('reads a link as the request in a few words, records contacted then closed with note and name, once each', async () => {
    const id = await submit('volunteer', { email: 'flow@example.org', name: 'Anna Maria de Vries' });
    const links = actionLinks((await staffMail(id)).text);
    const contacted = links[0];
    const matched = links.find(({ label }) => label.includes(words('nl').outcomes.matched))!;
    expect(contacted.label).toBe('Contact opgenomen');

    const answer = await read(contacted.token);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      request: { type: 'volunteer', firstName: 'Anna', status: 'new' },
      action: { status: 'contacted' },
    });
    expect(answer.text).not.toContain('flow@example.org');
    expect(answer.text).not.toContain('Vries');
    expect(await history(id)).toEqual([]);

    const done = await apply(contacted.token, { note: 'Gebeld, komt dinsdag.', by: 'Els' });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ request: { status: 'contacted' } });
    const closed = await apply(matched.token, { by: 'Els' });
    expect(closed.status).toBe(200);

    const row = await standing(id);
    expect(row).toMatchObject({ status: 'closed', outcome: 'matched' });
    expect(row.first_contact_at!.getTime()).toBeLessThanOrEqual(row.closed_at!.getTime());
    expect(await history(id)).toEqual([
      { status: 'contacted', outcome: null, note: 'Gebeld, komt dinsdag.', changed_by: 'Els', via: 'link' },
      { status: 'closed', outcome: 'matched', note: null, changed_by: 'Els', via: 'link' },
    ]);
  });

  it('refuses a forged, an expired and a replayed link in the page’s language, and changes nothing', async () => {
    const id = await submit('help-request', { email: 'refusals@example.org' });
    const links = actionLinks((await staffMail(id)).text);
    const [payload, signature] = links[0].token.split('.');
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherAction = `${links[1].token.split('.')[0]}.${signature}`;
    const expired = new URL(
      stack.app.get(StaffLinks).statusUrl(id, { status: 'contacted' }, new Date(Date.now() - 31 * 24 * 3600 * 1000)),
    ).hash.slice('#token='.length);

    for (const language of LANGUAGES) {
      const problems = words(language).problems;
      for (const [token, status, problem] of [
        [forged, 403, 'invalid'],
        [otherAction, 403, 'invalid'],
        [expired, 410, 'expired'],
      ] as const) {
        for (const call of [read(token, language), apply(token, {}, language)]) {
          const answer = await call;
          expect({ status: answer.status, json: answer.json }).toEqual({
            status,
            json: { success: false, problem, error: problems[problem] },
          });
        }
      }
    }
    expect(await standing(id)).toMatchObject({ status: 'new' });

    expect((await apply(links[0].token)).status).toBe(200);
    const day = (language: Language) =>
      new Intl.DateTimeFormat({ nl: 'nl-NL', en: 'en-GB', es: 'es-ES' }[language], {
        dateStyle: 'long',
        timeZone: 'Europe/Amsterdam',
      }).format(new Date());
    for (const language of LANGUAGES) {
      const replayed = await apply(links[0].token, {}, language);
      expect(replayed.status).toBe(409);
      expect(replayed.json).toMatchObject({
        problem: 'already',
        error: words(language).problems.alreadyContacted.replace('{{date}}', day(language)),
      });
      expect((await read(links[0].token, language)).status).toBe(409);
    }
    // Closing it makes the contacted link stale: it says since when the request is closed.
    const referred = links.find(({ label }) => label.includes(words('nl').outcomes.referred))!;
    expect((await apply(referred.token)).status).toBe(200);
    const stale = await apply(links[0].token, {}, 'en');
    expect(stale.json.error).toBe(
      words('en')
        .problems.alreadyClosed.replace('{{date}}', day('en'))
        .replace('{{outcome}}', words('en').outcomes.referred),
    );
    expect((await history(id)).map(({ status }) => status)).toEqual(['contacted', 'closed']);
  });

  it('records one change when the same link is confirmed twenty times at once', async () => {
    const id = await submit('contact', { email: 'race@example.org' });
    const links = actionLinks((await staffMail(id)).text);
    const answered = links.find(({ label }) => label.includes(words('nl').outcomes.answered))!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(answered.token, { by: 'Piet' })));
    expect(answers.map(({ status }) => status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await history(id)).toHaveLength(1);
    expect(await standing(id)).toMatchObject({ status: 'closed', outcome: 'answered' });
  });

  it('refuses a note over 500 characters and a name with a line break as field errors, changing nothing', async () => {
    const id = await submit('contact', { email: 'fields@example.org' });
    const [contacted] = actionLinks((await staffMail(id)).text);
    expect((await apply(contacted.token, { note: 'x'.repeat(501) })).status).toBe(400);
    expect((await apply(contacted.token, { by: 'Els\nBcc' })).status).toBe(400);
    expect((await apply(contacted.token, { by: 'x'.repeat(61) })).status).toBe(400);
    expect(await history(id)).toEqual([]);
  });

  it('notes an earlier request of the same type from the same address (any case, `_` literal) within 30 days', async () => {
    const first = await submit('volunteer', { email: 'jose_m@example.org' });
    await staffMail(first);
    await sql(stack, "UPDATE submissions SET created_at = now() - interval '29 days' WHERE id = $1", [first]);
    const [contacted] = actionLinks((await staffMail(first)).text);
    expect((await apply(contacted.token)).status).toBe(200);

    const again = await submit('volunteer', { email: 'JOSE_M@Example.org' });
    const { text, html } = await staffMail(again);
    const day = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
      new Date(Date.now() - 29 * 24 * 3600 * 1000),
    );
    const note = `Let op: dit adres stuurde op ${day} al een aanmelding als vrijwilliger (status: contact opgenomen).`;
    expect(text).toContain(note);
    expect(html).toContain(note);

    // `_` is no wildcard, another type is no duplicate, and 31 days back is too long ago.
    const lookalike = await submit('volunteer', { email: 'joseXm@example.org' });
    const otherType = await submit('contact', { email: 'jose_m@example.org' });
    for (const id of [lookalike, otherType]) expect((await staffMail(id)).text).not.toContain('Let op:');
    await sql(stack, "UPDATE submissions SET created_at = now() - interval '31 days' WHERE email ILIKE 'jose\\_m@%'");
    const late = await submit('volunteer', { email: 'jose_m@example.org' });
    expect((await staffMail(late)).text).not.toContain('Let op:');
  });

  it('offers a reply link with a subject and first answer in the applicant’s language, properly encoded', async () => {
    const id = await submit('help-request', { email: 'a+b&c@example.org', name: 'Lucía Pérez' }, 'es');
    const { text, html } = await staffMail(id);
    const mailto = /^mailto:\S+$/m.exec(text)?.[0];
    expect(mailto).toBeDefined();
    const url = new URL(mailto!);
    expect(decodeURIComponent(url.pathname)).toBe('a+b&c@example.org');
    const reply = (locale('es', 'email') as unknown as { reply: Record<string, { subject: string; body: string }> })
      .reply['help-request'];
    expect(url.searchParams.get('subject')).toBe(reply.subject.replace('{{foundation}}', FOUNDATION.name));
    const body = url.searchParams.get('body')!;
    expect(body).toContain('Hola Lucía:\r\n\r\n');
    expect(mailto).not.toMatch(/[ \n]/);
    expect(html).toContain(`href="${mailto!.replaceAll('&', '&amp;')}"`);
  });
});

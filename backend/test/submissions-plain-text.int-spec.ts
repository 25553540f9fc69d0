import { donationBody, postJson, sendEmailBody, sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * Single-line fields (names, subjects, places, phone numbers) take no line break, tab or other control character:
 * a name like "Anna\r\nBcc: …" must never reach a mail header or a staff mail as two lines. Multi-line fields
 * (messages, motivation, description) keep their line breaks and tabs, nothing else below U+0020.
 */
describe('form text: control characters', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it.each<[string, Parameters<typeof sendEmailBody>[0], Record<string, unknown>, string]>([
    ['a line feed in a name', 'contact', { name: 'Anna\nBcc: victim@example.org' }, 'name'],
    ['a carriage return in a name', 'volunteer', { name: 'Anna\rde Vries' }, 'name'],
    ['a tab in a subject', 'contact', { subject: 'Samen\twerken' }, 'subject'],
    ['a bell in a location', 'help-request', { location: 'Den\u0007Helder' }, 'location'],
    ['a Unicode line separator in a name', 'help-request', { name: 'Carla\u2028Gómez' }, 'name'],
    ['a C1 control in a name', 'contact', { name: 'Ben\u0085Jansen' }, 'name'],
    ['a line feed in the hidden subject', 'help-request', { subject: 'Nieuwe\nhulpaanvraag' }, 'subject'],
    ['a line feed in _subject', 'contact', { _subject: 'Nieuw\nbericht' }, '_subject'],
    ['a NUL in a message', 'contact', { message: 'Hallo\u0000daar' }, 'message'],
    ['an escape in a motivation', 'volunteer', { motivation: 'Ik help \u001b[31mgraag' }, 'motivation'],
    ['a form feed in a description', 'help-request', { description: 'Hulp\fnodig' }, 'description'],
    ['a DEL in an experience', 'volunteer', { experience: 'Vijf\u007fjaar' }, 'experience'],
  ])('400 for %s, nothing stored', async (_what, type, overrides, field) => {
    const response = await postJson(stack, sendEmailBody(type, overrides));
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.fields as object)).toEqual([`formData.${field}`]);
    expect(await sql(stack, 'SELECT id FROM submissions')).toEqual([]);
  });

  it('keeps line breaks (LF and CRLF) and tabs in multi-line fields', async () => {
    const message = 'Eerste regel\r\nTweede regel\n\tingesprongen';
    const response = await postJson(stack, sendEmailBody('contact', { message }));
    expect(response.status).toBe(201);
    const [row] = await sql(stack, 'SELECT message FROM submissions WHERE id = $1', [response.json.id]);
    expect(row.message).toBe(message);
  });

  it('accepts letters of any script and ordinary punctuation in single-line fields', async () => {
    const name = "Zoë O'Brien-Núñez 李小龍 (Ξ)";
    const response = await postJson(stack, sendEmailBody('contact', { name, subject: 'Vraag: 50% & “meer”?' }));
    expect(response.status).toBe(201);
  });

  describe('donation details', () => {
    const donation = donationBody;

    it.each([
      ['a line feed in the name', { name: 'Anna\nde Vries' }, 'name'],
      ['a tab in the referrer name', { referral: 'yes', referrerName: 'Piet\tPuk' }, 'referrerName'],
      ['a NUL in the message', { message: 'Voor\u0000jullie' }, 'message'],
    ])('400 for %s, no checkout started', async (_what, overrides, field) => {
      const before = stack.stripe.sessions.length;
      const response = await postJson(stack, donation(overrides), '/api/create-checkout-session');
      expect(response.status).toBe(400);
      expect(Object.keys(response.json.fields as object)).toEqual([field]);
      expect(stack.stripe.sessions).toHaveLength(before);
    });

    it('keeps line breaks in the donation message', async () => {
      const response = await postJson(stack, donation({ message: 'Succes!\nGroeten' }), '/api/create-checkout-session');
      expect(response.status).toBe(200);
    });
  });
});

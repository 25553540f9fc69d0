import { bodies, postJson, sendEmailBody, waitFor } from './support/submissions';
import { startTestStack, TEST_STAFF_EMAIL, type TestStack } from './support/test-app';

/** What a stranger's address would receive if someone typed it into a form: only the foundation's own words. */
describe('confirmation mail: no visitor text to an unverified address', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const SPAM_NAME = 'Cheap pills at https://spam.example and www.spam.example';

  it.each([
    ['contact', { subject: 'Visit spam.example now', message: 'Buy at https://spam.example/pills' }],
    ['help-request', { location: 'https://spam.example', description: 'Click https://spam.example' }],
    ['volunteer', { motivation: 'See https://spam.example', experience: 'spam.example' }],
  ] as const)('%s: a greeting without the name, none of the free text; staff get all of it', async (type, text) => {
    const email = `target-${type}@example.org`;
    const response = await postJson(stack, sendEmailBody(type, { ...text, name: SPAM_NAME, email }, 'en'));
    expect(response.status).toBe(201);
    const id = response.json.id as string;
    const confirmation = await waitFor(() =>
      stack.smtp.messages.find((m) => m.messageId === `<${id}.confirmation@stichting.test>`),
    );
    expect(confirmation.to).toEqual([email]);
    const { text: plain, html } = bodies(confirmation.raw);
    for (const body of [plain, html, confirmation.subject]) {
      expect(body).not.toMatch(/spam|pills|Cheap/i);
    }
    expect(plain.startsWith('Hello,\n')).toBe(true);

    const staff = await waitFor(() => stack.smtp.messages.find((m) => m.messageId === `<${id}.staff@stichting.test>`));
    expect(staff.to).toEqual([TEST_STAFF_EMAIL]);
    const staffText = bodies(staff.raw).text;
    expect(staffText).toContain(SPAM_NAME);
    for (const value of Object.values(text)) expect(staffText).toContain(value);
  });
});

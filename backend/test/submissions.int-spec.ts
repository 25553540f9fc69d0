import { STAFF_SUBJECTS } from '@stichting/contracts';
import { header } from './support/smtp-sink';
import {
  bodies,
  emailStates,
  postJson,
  sendEmailBody,
  sql,
  VALID_FORMS,
  waitFor,
  type FormType,
} from './support/submissions';
import { startTestStack, TEST_STAFF_EMAIL, TURNSTILE_TOKENS, type TestStack } from './support/test-app';
import { passToken } from './support/turnstile-stub';

const CONFIRMATION_SUBJECTS: Record<FormType, Record<string, string>> = {
  volunteer: {
    nl: 'Bedankt voor je aanmelding als vrijwilliger',
    en: 'Thank you for signing up as a volunteer',
    es: 'Gracias por inscribirte como voluntario/a',
  },
  contact: {
    nl: 'We hebben je bericht ontvangen',
    en: 'We have received your message',
    es: 'Hemos recibido tu mensaje',
  },
  'help-request': {
    nl: 'We hebben je hulpaanvraag ontvangen',
    en: 'We have received your request for help',
    es: 'Hemos recibido tu solicitud de ayuda',
  },
};

const THREE_DAYS: Record<string, string> = {
  nl: 'Binnen 3 werkdagen',
  en: 'within 3 business days',
  es: 'en un plazo de 3 días hábiles',
};

describe('POST /api/send-email: accepted submissions', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const cases = (['volunteer', 'contact', 'help-request'] as const).flatMap((type) =>
    ['nl', 'en', 'es'].map((language) => [type, language] as const),
  );

  it.each(cases)(
    'stores a %s submission in %s and emails staff and the sender exactly once',
    async (type, language) => {
      const email = `${type}.${language}@example.org`;
      const response = await postJson(stack, sendEmailBody(type, { email }, language));
      expect(response.status).toBe(201);
      expect(response.json).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const id = response.json.id as string;

      const [row] = await sql(stack, 'SELECT * FROM submissions WHERE id = $1', [id]);
      const form = { ...VALID_FORMS[type], email } as Record<string, unknown>;
      expect(row).toMatchObject({ type, language, name: form.name, email });
      if (type === 'volunteer') {
        expect(row).toMatchObject({
          phone: form.phone,
          location: 'local',
          speaks_dutch: false,
          category: 'practical-help',
          availability: form.availability,
          motivation: form.motivation,
          experience: form.experience,
          preferred_contact: 'both',
          skills: ['construction', 'events'],
          spoken_languages: ['dutch', 'english'],
        });
      } else if (type === 'contact') {
        expect(row).toMatchObject({ subject: form.subject, message: form.message });
      } else {
        expect(row).toMatchObject({
          phone: form.phone,
          location: form.location,
          family_size: 4,
          help_type: 'housing',
          description: form.description,
          preferred_contact: 'email',
        });
      }

      await waitFor(async () => (await emailStates(stack)).find((s) => s.id === id)?.email_status === 'sent');
      const [state] = await sql(
        stack,
        'SELECT email_attempts, email_sent_at, confirmation_sent_at, email_last_error FROM submissions WHERE id = $1',
        [id],
      );
      expect(state).toMatchObject({ email_attempts: 1, email_last_error: null });
      expect(state.email_sent_at).toBeInstanceOf(Date);
      expect(state.confirmation_sent_at).toBeInstanceOf(Date);

      const staff = stack.smtp.messages.filter((m) => m.messageId === `<${id}.staff@stichting.test>`);
      const confirmation = stack.smtp.messages.filter((m) => m.messageId === `<${id}.confirmation@stichting.test>`);
      expect(staff).toHaveLength(1);
      expect(confirmation).toHaveLength(1);

      expect(staff[0].to).toEqual([TEST_STAFF_EMAIL]);
      expect(staff[0].subject).toBe(STAFF_SUBJECTS[type]);
      expect(header(staff[0].raw, 'Reply-To')).toContain(email);
      const staffBody = bodies(staff[0].raw);
      // Free text verbatim; vocabulary values by their Dutch label.
      const freeText = ['name', 'email', 'phone', 'subject', 'message', 'motivation', 'experience', 'description'];
      for (const field of freeText.filter((f) => typeof form[f] === 'string')) {
        expect(staffBody.text).toContain(String(form[field]));
      }
      const labelled: Record<FormType, string[]> = {
        volunteer: ['Categorie: Praktische hulp', 'Spreekt Nederlands: Nee', 'Beschikbaarheid: 2 tot 5 uur per week'],
        contact: ['Onderwerp: Samenwerking'],
        'help-request': ['Soort hulp: Huisvesting', 'Aantal gezinsleden: 4', 'Woonplaats: Den Helder'],
      };
      for (const line of labelled[type]) expect(staffBody.text).toContain(line);
      expect(staffBody.text).toContain('Naam: ' + String(form.name));
      expect(staffBody.html).toContain('<table');

      expect(confirmation[0].to).toEqual([email]);
      expect(confirmation[0].subject).toBe(CONFIRMATION_SUBJECTS[type][language]);
      expect(header(confirmation[0].raw, 'Content-Language')).toBe(language);
      const confirmationBody = bodies(confirmation[0].raw);
      // Nothing the visitor typed goes to an address nobody has verified: a generic greeting, no name.
      expect(confirmationBody.text).not.toContain(String(form.name).split(' ')[0]);
      expect(confirmationBody.html).not.toContain(String(form.name).split(' ')[0]);
      if (type === 'volunteer') expect(confirmationBody.text).toContain(THREE_DAYS[language]);
    },
  );

  it('labels the staff notification in Dutch and escapes HTML from the visitor', async () => {
    const response = await postJson(
      stack,
      sendEmailBody('volunteer', {
        name: '<script>alert(1)</script> Eve',
        email: 'eve@example.org',
        location: 'remote',
        speaksDutch: undefined,
        category: 'tech',
        motivation: 'I <b>love</b> "quotes" & ampersands',
        phone: '',
        experience: '   ',
      }),
    );
    expect(response.status).toBe(201);
    const id = response.json.id as string;
    const staff = await waitFor(() => stack.smtp.messages.find((m) => m.messageId === `<${id}.staff@stichting.test>`));
    const { text, html } = bodies(staff.raw);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Eve');
    expect(html).toContain('I &lt;b&gt;love&lt;/b&gt; &quot;quotes&quot; &amp; ampersands');
    expect(text).toContain('Locatie: Op afstand');
    expect(text).toContain('Categorie: Techniek en IT');
    // The words the volunteer page shows for those choices (frontend/src/locales/nl/volunteer.json).
    expect(text).toContain('Vaardigheden: Klussen en bouw, Evenementen');
    expect(text).toContain('Telefoon: (niet ingevuld)');
    expect(text).not.toContain('Spreekt Nederlands');
    const [row] = await sql(stack, 'SELECT phone, experience, speaks_dutch FROM submissions WHERE id = $1', [id]);
    expect(row).toEqual({ phone: null, experience: null, speaks_dutch: null });
  });

  it('trims strings, defaults the language to Dutch and accepts the hidden fields of the help form', async () => {
    const body = sendEmailBody('help-request', {
      name: '  Dirk  ',
      familySize: '3',
      subject: 'Nieuwe hulpaanvraag',
      language: 'en',
      _subject: 'Nieuwe hulpaanvraag',
    });
    delete (body as { language?: string }).language;
    const response = await postJson(stack, body);
    expect(response.status).toBe(201);
    const [row] = await sql(stack, 'SELECT name, language, family_size, subject FROM submissions WHERE id = $1', [
      response.json.id,
    ]);
    expect(row).toEqual({ name: 'Dirk', language: 'nl', family_size: 3, subject: null });
  });
});

/** The volunteer form data as the earlier site sent it: these eight fields, the category by its translated title. */
const OLD_VOLUNTEER_FORM = {
  name: 'Olga Peters',
  email: 'olga@example.org',
  phone: '',
  location: 'local',
  category: 'Praktische hulp',
  availability: '5-10-hours',
  motivation: 'Ik help graag.',
  experience: '',
};

describe('POST /api/send-email: the volunteer payload of the earlier site', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it.each([
    ['a Dutch title', 'local', 'Praktische hulp', 'practical-help'],
    ['an English title', 'remote', 'Tech and IT', 'tech'],
    ['a Spanish title', 'local', 'Cuidado de niños y mascotas', 'child-pet-support'],
    ['a Spanish title in other letter case', 'remote', 'administración', 'admin'],
    ['a Dutch-only category by its title', 'local', 'Buurt en gemeenschap', 'community-engagement'],
    ['the value itself', 'remote', 'communications', 'communications'],
  ])('accepts %s as category and stores the value', async (_what, location, category, stored) => {
    const email = `old-${stored}@example.org`;
    const response = await postJson(stack, {
      type: 'volunteer',
      formData: { ...OLD_VOLUNTEER_FORM, email, location, category },
      language: 'es',
      turnstileToken: passToken('volunteer'),
    });
    expect(response.status).toBe(201);
    const [row] = await sql(
      stack,
      'SELECT category, location, speaks_dutch, preferred_contact, skills, spoken_languages, phone, experience FROM submissions WHERE id = $1',
      [response.json.id],
    );
    expect(row).toEqual({
      category: stored,
      location,
      speaks_dutch: null,
      preferred_contact: null,
      skills: [],
      spoken_languages: [],
      phone: null,
      experience: null,
    });
    const id = response.json.id as string;
    const staff = await waitFor(() => stack.smtp.messages.find((m) => m.messageId === `<${id}.staff@stichting.test>`));
    expect(bodies(staff.raw).text).toContain('Vaardigheden: (niet ingevuld)');
  });

  it('still checks a category against the location', async () => {
    const response = await postJson(stack, {
      type: 'volunteer',
      formData: { ...OLD_VOLUNTEER_FORM, location: 'remote', category: 'Praktische hulp' },
      language: 'nl',
      turnstileToken: TURNSTILE_TOKENS.pass,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.fields as object)).toEqual(['formData.category']);
  });
});

describe('POST /api/send-email: refused submissions leave no row and send no email', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  afterEach(async () => {
    // Give a wrongly queued job the time to be sent before asserting that nothing was.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sql(stack, 'SELECT id FROM submissions')).toEqual([]);
    expect(await sql(stack, "SELECT id FROM pgboss.job WHERE name = 'submission-email'")).toEqual([]);
    expect(stack.smtp.messages).toEqual([]);
  });

  const volunteer = (overrides: Record<string, unknown>) => sendEmailBody('volunteer', overrides);
  const oldVolunteer = (overrides: Record<string, unknown>) => ({
    ...sendEmailBody('volunteer'),
    formData: { ...OLD_VOLUNTEER_FORM, ...overrides },
  });

  it.each<[string, unknown, string[]]>([
    ['an invalid email', volunteer({ email: 'not-an-email' }), ['formData.email']],
    ['a missing name', volunteer({ name: undefined }), ['formData.name']],
    ['a blank name', volunteer({ name: '   ' }), ['formData.name']],
    [
      'missing fields',
      { type: 'contact', formData: {}, turnstileToken: TURNSTILE_TOKENS.pass },
      ['formData.name', 'formData.email', 'formData.subject', 'formData.message'],
    ],
    ['an unknown type', { ...volunteer({}), type: 'newsletter' }, ['type']],
    ['no formData', { type: 'contact', turnstileToken: TURNSTILE_TOKENS.pass }, ['formData']],
    ['formData that is not an object', { type: 'contact', formData: 'hi', turnstileToken: 'x' }, ['formData']],
    ['an unknown language', { ...volunteer({}), language: 'de' }, ['language']],
    ['a wrong availability', volunteer({ availability: '1-2hours' }), ['formData.availability']],
    ['an unknown category', volunteer({ category: 'Jongleren' }), ['formData.category']],
    ['an unknown category with only the old fields', oldVolunteer({ category: 'Juggling' }), ['formData.category']],
    ['a Dutch-only category without Dutch', volunteer({ category: 'customer-support' }), ['formData.category']],
    [
      'a local-only category for remote',
      volunteer({ location: 'remote', category: 'practical-help' }),
      ['formData.category'],
    ],
    ['a Dutch answer that is not yes or no', volunteer({ speaksDutch: 'ja' }), ['formData.speaksDutch']],
    ['skills that are not a list', volunteer({ skills: 'design' }), ['formData.skills']],
    ['an unknown skill', volunteer({ skills: ['juggling'] }), ['formData.skills']],
    ['a repeated language', volunteer({ languages: ['dutch', 'dutch'] }), ['formData.languages']],
    ['an unknown field in formData', volunteer({ isAdmin: true }), ['formData.isAdmin']],
    ['an unknown field in the envelope', { ...volunteer({}), extra: 1 }, ['extra']],
    ['a name over the limit', volunteer({ name: 'x'.repeat(101) }), ['formData.name']],
    ['familySize 0', sendEmailBody('help-request', { familySize: 0 }), ['formData.familySize']],
    ['familySize 2.5', sendEmailBody('help-request', { familySize: 2.5 }), ['formData.familySize']],
    ['familySize above the limit', sendEmailBody('help-request', { familySize: 51 }), ['formData.familySize']],
    ['a wrong helpType', sendEmailBody('help-request', { helpType: 'money' }), ['formData.helpType']],
    ['a help request without phone', sendEmailBody('help-request', { phone: '' }), ['formData.phone']],
    ['a phone number of letters', sendEmailBody('help-request', { phone: 'call me maybe' }), ['formData.phone']],
  ])('400 for %s', async (_what, body, fields) => {
    const response = await postJson(stack, body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ success: false, error: expect.any(String) });
    expect(Object.keys(response.json.fields as object).sort()).toEqual([...fields].sort());
  });

  it.each<[string, unknown, string, string]>([
    ['a missing name', volunteer({ name: undefined }), 'formData.name', 'required'],
    ['a blank subject', sendEmailBody('contact', { subject: '  ' }), 'formData.subject', 'required'],
    ['a missing category', volunteer({ category: undefined }), 'formData.category', 'required'],
    ['an invalid email', volunteer({ email: 'not-an-email' }), 'formData.email', 'invalid_email'],
    ['a BEL in a quoted email', volunteer({ email: '"vic\u0007tim"@example.org' }), 'formData.email', 'invalid_email'],
    ['a CR LF in a quoted email', volunteer({ email: '"a\r\nBcc: b"@example.org' }), 'formData.email', 'invalid_email'],
    ['a tab in a quoted email', volunteer({ email: '"a\tb"@example.org' }), 'formData.email', 'invalid_email'],
    ['a DEL in a quoted email', volunteer({ email: '"a\u007fb"@example.org' }), 'formData.email', 'invalid_email'],
    ['a line separator in an email', volunteer({ email: '"a\u2028b"@example.org' }), 'formData.email', 'invalid_email'],
    [
      'a paragraph separator in an email',
      volunteer({ email: '"a\u2029b"@example.org' }),
      'formData.email',
      'invalid_email',
    ],
    ['a phone number of letters', volunteer({ phone: 'call me' }), 'formData.phone', 'invalid_phone'],
    ['a name over the limit', volunteer({ name: 'x'.repeat(101) }), 'formData.name', 'too_long'],
    ['a line break in a name', volunteer({ name: 'A\nB' }), 'formData.name', 'single_line'],
    ['a NUL in a motivation', volunteer({ motivation: 'A\u0000B' }), 'formData.motivation', 'control_characters'],
    ['a wrong availability', volunteer({ availability: 'always' }), 'formData.availability', 'invalid_choice'],
    [
      'a local-only category for remote',
      volunteer({ location: 'remote', category: 'practical-help' }),
      'formData.category',
      'category_local_only',
    ],
    [
      'a Dutch-only category without Dutch',
      volunteer({ category: 'customer-support' }),
      'formData.category',
      'category_requires_dutch',
    ],
    ['a repeated language', volunteer({ languages: ['dutch', 'dutch'] }), 'formData.languages', 'duplicate'],
    ['an unknown field', volunteer({ isAdmin: true }), 'formData.isAdmin', 'not_allowed'],
    ['familySize 2.5', sendEmailBody('help-request', { familySize: 2.5 }), 'formData.familySize', 'invalid_number'],
    ['familySize 0', sendEmailBody('help-request', { familySize: 0 }), 'formData.familySize', 'too_small'],
    ['familySize 51', sendEmailBody('help-request', { familySize: 51 }), 'formData.familySize', 'too_large'],
    ['formData that is not an object', { type: 'contact', formData: 'hi' }, 'formData', 'invalid'],
  ])('400 for %s names the field with a stable code beside its message', async (_what, body, field, code) => {
    const response = await postJson(stack, body);
    expect(response.status).toBe(400);
    expect(response.json.codes).toEqual({ [field]: code });
    expect(response.json.fields).toEqual({ [field]: expect.any(String) });
  });

  it('413 for a huge payload and 400 for malformed JSON', async () => {
    const huge = await postJson(stack, sendEmailBody('contact', { message: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ success: false, error: expect.any(String) });
    const malformed = await postJson(stack, '{"type":"contact","formData":{');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false });
  });

  it.each([
    ['a missing token', undefined, 'no verification token'],
    ['a rejected token', 'not-a-real-token', 'not accepted'],
    ['a token for another hostname', TURNSTILE_TOKENS.wrongHostname, 'another site'],
    ['a verification server error', TURNSTILE_TOKENS.serverError, 'answered with an error'],
    ['a verification that times out', TURNSTILE_TOKENS.slow, 'Verification timeout'],
  ])('403 for %s', async (_what, token, reason) => {
    const response = await postJson(stack, { ...sendEmailBody('contact'), turnstileToken: token });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ success: false, error: expect.stringContaining('Security verification failed') });
    expect(response.json.error).toContain(reason);
  });

  it('checks the form before the bot check: bad input with a bad token is a 400', async () => {
    const response = await postJson(stack, { ...sendEmailBody('contact', { email: 'x' }), turnstileToken: 'bad' });
    expect(response.status).toBe(400);
  });
});

describe('POST /api/send-email: per-IP rate limit', () => {
  it('answers 429 once the per-minute limit is used up, and stores nothing more', async () => {
    const stack = await startTestStack({ RATE_LIMIT_POST_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await postJson(stack, sendEmailBody('contact'))).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect(await sql(stack, 'SELECT id FROM submissions')).toHaveLength(3);
    } finally {
      await stack.close();
    }
  });
});

import { Client } from 'pg';
import { DONATE_TURNSTILE_ACTION } from '@stichting/contracts';
import type { TestStack } from './test-app';
import { passToken } from './turnstile-stub';

/** A complete, valid formData per type (the values the new UI sends). */
export const VALID_FORMS = {
  volunteer: {
    name: 'Anna de Vries',
    email: 'anna@example.org',
    phone: '+31 6 1234 5678',
    location: 'local',
    speaksDutch: false,
    category: 'practical-help',
    availability: '2-5-hours',
    motivation: 'Ik wil graag helpen met boodschappen en klussen.',
    experience: 'Vijf jaar vrijwilliger bij de voedselbank.',
    preferredContact: 'both',
    skills: ['construction', 'events'],
    languages: ['dutch', 'english'],
  },
  contact: {
    name: 'Ben Jansen',
    email: 'ben@example.org',
    subject: 'Samenwerking',
    message: 'Wij willen graag samenwerken.\nBel gerust.',
  },
  'help-request': {
    name: 'Carla Gómez',
    email: 'carla@example.org',
    phone: '06-87654321',
    location: 'Den Helder',
    familySize: 4,
    helpType: 'housing',
    description: 'We zoeken hulp bij het vinden van een woning.',
    preferredContact: 'email',
  },
} as const;

export type FormType = keyof typeof VALID_FORMS;

export function sendEmailBody(type: FormType, overrides: Record<string, unknown> = {}, language = 'nl') {
  return { type, formData: { ...VALID_FORMS[type], ...overrides }, language, turnstileToken: passToken(type) };
}

/** What the donate page sends to /api/create-checkout-session: empty strings for absent fields, plus the token. */
export function donationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: 250,
    name: 'Anna de Vries',
    email: 'anna@example.org',
    message: '',
    source: '',
    platform: '',
    referrerName: '',
    referrerEmail: '',
    language: 'nl',
    turnstileToken: passToken(DONATE_TURNSTILE_ACTION),
    ...overrides,
  };
}

export async function postJson(stack: Pick<TestStack, 'url'>, body: unknown, path = '/api/send-email') {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // left empty: the test looks at the status
  }
  return { status: response.status, json, text };
}

/** Runs one query on the test database directly (not through the app). */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(
  stack: { database: { url: string } },
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Polls until `check` returns a truthy value or the time is up; returns the value. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | 0 | '' | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Rows read by `read` once none of their email statuses (`statusOf`) is still on its way. The SMTP sink holds a message
 * a moment before the worker records it as sent, so a test that reads the status right after the message arrived
 * reads it through this.
 */
export function untilRecorded<T>(read: () => Promise<T[]>, statusOf: (row: T) => unknown, what: string): Promise<T[]> {
  const inFlight = (row: T) => ['queued', 'sending'].includes(statusOf(row) as string);
  return waitFor(
    async () => {
      const rows = await read();
      return !rows.some(inFlight) && rows;
    },
    20_000,
    what,
  );
}

export interface EmailState {
  id: string;
  email_status: string;
  email_attempts: number;
  email_last_error: string | null;
  email_sent_at: Date | null;
  confirmation_sent_at: Date | null;
}

export function emailStates(stack: { database: { url: string } }): Promise<EmailState[]> {
  return sql<EmailState & Record<string, unknown>>(
    stack,
    'SELECT id, email_status, email_attempts, email_last_error, email_sent_at, confirmation_sent_at FROM submissions ORDER BY created_at',
  );
}

/** Waits until one submission's email_status is `status`. */
export async function waitForStatus(stack: TestStack, id: string, status: string, timeoutMs = 20_000): Promise<void> {
  await waitFor(
    async () =>
      (await sql(stack, 'SELECT 1 FROM submissions WHERE id = $1 AND email_status = $2', [id, status])).length,
    timeoutMs,
    `submission ${id} to be ${status}`,
  );
}

/** Short retries so outage tests finish in seconds (production keeps >= 24 h of retries). */
export const FAST_RETRY_ENV = {
  MAIL_RETRY_DELAY_SECONDS: '1',
  MAIL_RETRY_DELAY_MAX_SECONDS: '1',
};

/**
 * The leaf parts of a raw message, each as its (unfolded) header and its still-encoded content: multipart parts are
 * opened however deep they nest (a message with an attachment is multipart/mixed around multipart/alternative).
 */
export function mimeParts(raw: string): Array<{ head: string; content: string }> {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /^content-type:\s*multipart\/[^\n]*boundary="?([^";\r\n]+)"?/im.exec(unfolded)?.[1];
  if (!boundary) return [{ head: unfolded, content: rest.join('\n\n') }];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')));
}

function decodePart({ head: unfolded, content }: { head: string; content: string }): { type: string; body: string } {
  const type = /^content-type:\s*([^;\s]+)/im.exec(unfolded)?.[1].toLowerCase() ?? 'text/plain';
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(unfolded)?.[1].toLowerCase() ?? '7bit';
  if (encoding === 'base64') return { type, body: Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const text = content.replace(/=\r?\n/g, '');
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i], 'utf8'));
    }
    return { type, body: Buffer.from(bytes).toString('utf8') };
  }
  return { type, body: content };
}

/** The decoded text/plain and text/html bodies of a raw message (enough MIME for nodemailer's output). */
export function bodies(raw: string): { text: string; html: string } {
  const decoded = mimeParts(raw).map(decodePart);
  const body = (type: string) => (decoded.find((part) => part.type === type)?.body ?? '').replace(/\r\n/g, '\n');
  return { text: body('text/plain'), html: body('text/html') };
}

import { PrismaService } from '../../src/database/prisma.service';
import { signWebhook, StripeGift, type stripeEvent } from './stripe-stub';
import { waitFor } from './submissions';
import { TEST_WEBHOOK_SECRET, type TestStack } from './test-app';
import { passToken } from './turnstile-stub';

export type StripeTestEvent = ReturnType<typeof stripeEvent>;

/** Delivers an event the way Stripe does: the raw JSON body and a `Stripe-Signature` made by the SDK's helper. */
export function deliver(
  appUrl: string,
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null; headers?: Record<string, string> } = {},
): Promise<Response> {
  const { body, signature } = signWebhook(event, options.secret ?? TEST_WEBHOOK_SECRET, options.timestamp);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...options.headers };
  if (options.signature !== null) headers['stripe-signature'] = options.signature ?? signature;
  return fetch(`${appUrl}/api/stripe/webhook`, { method: 'POST', headers, body });
}

/** Delivers and returns the answer's status and outcome (`processed`, `duplicate`, `ignored`). */
export async function deliverOutcome(appUrl: string, event: object): Promise<[number, string | undefined]> {
  const response = await deliver(appUrl, event);
  const body = (await response.json()) as { outcome?: string };
  return [response.status, body.outcome];
}

/**
 * A donation started through the real endpoint (an open donation with a Checkout Session at the stand-in), and the
 * Stripe side of it from then on.
 */
export async function startDonation(
  stack: TestStack,
  options: { email: string; amount?: number; language?: string },
): Promise<StripeGift> {
  const amount = options.amount ?? 25;
  const response = await fetch(`${stack.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount,
      email: options.email,
      language: options.language ?? 'nl',
      turnstileToken: passToken('donate'),
    }),
  });
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  const session = stack.stripe.sessions.at(-1)!;
  const donationId = session.params.get('metadata[donation_id]')!;
  return new StripeGift(donationId, session.id, Math.round(amount * 100), stack.config.stripe.donationProductId);
}

/**
 * The donor emails the ledger queued for a donation (their once keys, oldest first), each of which also reached the
 * SMTP server exactly once (matched by its Message-ID, which carries the outbox row's id).
 */
export async function donorEmailsAskedFor(stack: TestStack, donationId: string): Promise<string[]> {
  const rows = await stack.app.get(PrismaService).donorEmail.findMany({
    where: { donationId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, onceKey: true },
  });
  const deliveries = (id: string) => stack.smtp.messages.filter((mail) => mail.messageId?.includes(id)).length;
  await waitFor(
    () => rows.every((row) => deliveries(row.id) >= 1),
    20_000,
    `the donor emails of ${donationId} to reach the SMTP server`,
  );
  const counts = rows.map((row) => [row.onceKey, deliveries(row.id)] as const);
  expect(counts.filter(([, count]) => count !== 1)).toEqual([]);
  return rows.map((row) => row.onceKey);
}

/** The donation and its payments (oldest invoice first) as stored. */
export async function storedDonation(stack: TestStack, donationId: string) {
  const prisma = stack.app.get(PrismaService);
  const donation = await prisma.donation.findUniqueOrThrow({ where: { id: donationId } });
  const payments = await prisma.donationPayment.findMany({
    where: { donationId },
    orderBy: { invoiceCreatedAt: 'asc' },
  });
  return { donation, payments };
}

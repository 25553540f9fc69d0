import { randomUUID } from 'node:crypto';
import { PrismaService } from '../../src/database/prisma.service';
import { DonorEmailOutbox, type DonorEmailRequest } from '../../src/donor-email/donor-email.outbox';
import type { ReceivedMail } from './smtp-sink';
import { bodies, mimeParts, sql, waitFor } from './submissions';
import type { TestStack } from './test-app';

/** A donation whose checkout completed (it has a Stripe customer), stored as the ledger would. */
export async function insertDonation(
  stack: Pick<TestStack, 'database'>,
  parts: {
    email: string;
    language?: string;
    amountCents?: number;
    customer?: string | null;
    createdAt?: Date;
    /** When its first payment succeeded (the welcome email's start date). */
    startedAt?: Date;
  },
): Promise<string> {
  const id = randomUUID();
  await sql(
    stack,
    `INSERT INTO donations (id, amount_cents, email, language, status, stripe_customer_id, created_at, updated_at,
       started_at, first_payment_succeeded_at)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $6, $7, $7)`,
    [
      id,
      parts.amountCents ?? 2500,
      parts.email,
      parts.language ?? 'nl',
      parts.customer === undefined ? `cus_${id.slice(0, 8)}` : parts.customer,
      parts.createdAt ?? new Date(),
      parts.startedAt ?? parts.createdAt ?? new Date(),
    ],
  );
  return id;
}

/** A monthly payment as the ledger records it; `paidAt` is its paid date. */
export async function insertPayment(
  stack: Pick<TestStack, 'database'>,
  parts: { intentId: string; amountCents: number; paidAt: Date; status?: 'paid' | 'failed' },
): Promise<void> {
  const paid = (parts.status ?? 'paid') === 'paid';
  await sql(
    stack,
    `INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, invoice_created_at, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      randomUUID(),
      parts.intentId,
      `in_${randomUUID()}`,
      parts.amountCents,
      parts.status ?? 'paid',
      parts.paidAt,
      paid ? parts.paidAt : null,
    ],
  );
}

/** Queues a donor email the way the donation ledger does: inside a transaction of the app's Prisma client. */
export function queueDonorEmail(stack: Pick<TestStack, 'app'>, request: DonorEmailRequest): Promise<boolean> {
  const prisma = stack.app.get(PrismaService);
  const mail = stack.app.get(DonorEmailOutbox);
  return prisma.$transaction((tx) => mail.queueInTransaction(tx, request));
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) of a header such as Subject. */
export function decodeHeader(value: string | undefined): string {
  return (value ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

export interface DonorMessage {
  mail: ReceivedMail;
  subject: string;
  text: string;
  html: string;
  /** The files sent with it (a statement's PDF), decoded. */
  attachments: MessageAttachment[];
}

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The attachments of a raw message: its parts with `Content-Disposition: attachment` (nodemailer sends them base64). */
export function attachmentsOf(raw: string): MessageAttachment[] {
  return mimeParts(raw).flatMap(({ head, content }) => {
    const filename = /^content-disposition:\s*attachment;[^\n]*filename="?([^";\r\n]+)"?/im.exec(head)?.[1];
    if (!filename) return [];
    const contentType = /^content-type:\s*([^;\s]+)/im.exec(head)?.[1].toLowerCase() ?? '';
    return [{ filename, contentType, content: Buffer.from(content.replace(/\s+/g, ''), 'base64') }];
  });
}

/** The messages to `address` (in any letter case) once there are at least `count` of them. */
export async function donorMessages(stack: TestStack, address: string, count: number): Promise<DonorMessage[]> {
  // Mail servers may change the letter case of an address; the donor is the same.
  const to = () => stack.smtp.messages.filter((mail) => mail.to.some((r) => r.toLowerCase() === address.toLowerCase()));
  await waitFor(() => to().length >= count, 20_000, `${count} message(s) to ${address}`);
  return to().map((mail) => ({
    mail,
    subject: decodeHeader(mail.subject),
    ...bodies(mail.raw),
    attachments: attachmentsOf(mail.raw),
  }));
}

/** The manage link in a donor email's text. */
export function manageLinkIn(text: string): string {
  const match = /https?:\/\/\S+\?token=[A-Za-z0-9_.-]+/.exec(text);
  if (!match) throw new Error('no manage link in the email');
  return match[0];
}

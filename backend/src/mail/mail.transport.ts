import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** One message as the mail code builds it; the transport adds nothing but the sender. */
export interface OutgoingMail {
  /** Stable per submission and kind, so a receiving system can recognise a repeat. */
  messageId: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Sets Content-Language. */
  language: string;
  /** Files sent with the message (a donor's yearly statement as a PDF, docs/product.md §7.9). */
  attachments?: MailAttachment[];
}

/** A file of a message, in memory: nodemailer's `attachments` entry with its content as a buffer. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What nodemailer puts on its errors; only these fields decide a retry or end up in the database. */
interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  command?: string;
  permanent?: boolean;
  response?: string;
  message?: string;
}

/** nodemailer marks 5xx replies `permanent: true`; anything else (4xx, connection refused, timeout) may pass. */
export function isPermanentSmtpError(error: unknown): boolean {
  return (error as SmtpError | undefined)?.permanent === true;
}

const ADDRESS = /[^\s<>@"']+@[^\s<>@"']+/g;

/**
 * A short description of a failed send for `email_last_error`: codes and the server's reply with any address
 * replaced, so no personal data is stored with the delivery state.
 */
export function describeSmtpError(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const parts = [
    e.code,
    e.originalCode && e.originalCode !== e.code ? e.originalCode : undefined,
    e.responseCode ? String(e.responseCode) : undefined,
    e.command ? `at ${e.command}` : undefined,
    isPermanentSmtpError(error) ? 'permanent' : undefined,
  ].filter(Boolean);
  const reply = (e.response ?? e.message ?? '').replace(ADDRESS, '<address>').replace(/\s+/g, ' ').trim();
  return `${parts.join(' ')}${reply ? `: ${reply}` : ''}`.slice(0, 300) || 'unknown error';
}

/**
 * SMTP behind a small service (docs/architecture.md §10): a pooled nodemailer transport to SMTP_URL. Pooling matters for
 * throughput: one connection per message costs a full SMTP handshake each time, while a pool of a few reused
 * connections sends many times more (docs/benchmarks.md §5.3).
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: ReturnType<typeof nodemailer.createTransport>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transporter = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      pool: true,
      maxConnections: config.mail.poolConnections,
      maxMessages: 500,
      // Fail an attempt in seconds, not minutes: a hung server must not hold a job until it expires.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      idleTimeout: 30_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  /**
   * Resolves once the SMTP server has accepted the message; rejects with nodemailer's error otherwise.
   *
   * The message is composed first (nodemailer's own MailComposer, exactly what sendMail would do with these
   * options: the same bytes) and handed to the pool as one buffer: streamed part by part, it took more than twice
   * the socket writes per message and a noticeable share of the worker's CPU (docs/benchmarks.md §5.3).
   */
  async send(mail: OutgoingMail): Promise<void> {
    const message = new MailComposer({
      from: this.config.mail.from,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      attachments: mail.attachments,
      headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
      disableFileAccess: true,
      disableUrlAccess: true,
    }).compile();
    await this.transporter.sendMail({ envelope: message.getEnvelope(), raw: await message.build() });
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}

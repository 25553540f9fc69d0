import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | undefined;
  subject: string | undefined;
  receivedAt: number;
}

/**
 * A real SMTP server on loopback that keeps what it receives. It can be stopped and restarted on the same
 * port (SMTP outage) or told to refuse messages with a status code.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** When set, every message is refused with this SMTP reply code (e.g. 451 temporary, 550 permanent). */
  refuseWith: number | undefined;
  /**
   * When set, the answer to each message's DATA waits this long (a slow server). A message counts as received
   * only if its client is still connected when the answer goes out; one whose sender died before that was never
   * accepted.
   */
  answerDelayMs: number | undefined;
  /**
   * When set, a client connection that breaks (ECONNRESET from a sender killed with SIGKILL) is ignored instead of
   * surfacing as an unhandled 'error' event that fails the test file.
   */
  ignoreConnectionErrors = false;
  /** Recipients whose messages are refused with the given code (e.g. 550 for an unknown mailbox). */
  readonly refuseTo = new Map<string, number>();
  private server: SMTPServer | undefined;
  private readonly closedSessions = new Set<string>();
  port = 0;

  async start(port = this.port): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopping the sink is an outage: idle pooled client connections are cut after a second, not thirty.
      closeTimeout: 1000,
      onClose: (session) => {
        this.closedSessions.add(session.id);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        const answer = async () => {
          if (this.answerDelayMs) {
            await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
            if (this.closedSessions.has(session.id)) return callback();
          }
          const refusal =
            this.refuseWith ?? session.envelope.rcptTo.map((r) => this.refuseTo.get(r.address)).find(Boolean);
          if (refusal) {
            const error = new Error('Refused by test sink') as Error & { responseCode: number };
            error.responseCode = refusal;
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: header(raw, 'Message-ID'),
            subject: header(raw, 'Subject'),
            receivedAt: Date.now(),
          });
          callback();
        };
        stream.on('end', () => void answer());
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    if (this.ignoreConnectionErrors) this.server.on('error', () => undefined);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages whose envelope includes this recipient. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}

/** A header value of a raw message (unfolded); enough for tests. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return match?.[1].trim();
}

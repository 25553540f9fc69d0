import { connect, type Socket } from 'node:net';

/** What the slow clients saw, for assertions and failure messages. */
export interface SlowClientStats {
  /** Connections tried (first ones and re-opened ones). */
  attempts: number;
  /** Connections that could not be opened at all. */
  connectErrors: number;
  /** Closed by the server within REFUSED_MS of opening, without an answer: refused. */
  refused: number;
  /** Closed by the server later (a deadline), or answered 408. */
  cutOff: number;
  /** Answers that were 408 Request Timeout. */
  timedOut: number;
  /** The most connections that had been held open for at least HELD_MS at one time (sampled). */
  mostHeld: number;
}

const REFUSED_MS = 500;
const HELD_MS = 1000;

/**
 * A slow-client attack from one address: `count` connections, each sending half a request (even ones half their
 * headers, odd ones their headers and then half a small JSON body) and one more byte every few seconds, never
 * finishing. Whenever one closes, another is opened after a short pause, so the attack holds as many connections as
 * the server lets it for as long as it runs.
 */
export class SlowClients {
  readonly stats: SlowClientStats = {
    attempts: 0,
    connectErrors: 0,
    refused: 0,
    cutOff: 0,
    timedOut: 0,
    mostHeld: 0,
  };
  private readonly open = new Map<Socket, { since: number; kind: 'headers' | 'body' }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = false;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly localAddress: string,
    private readonly count: number,
  ) {}

  start(): this {
    this.running = true;
    for (let i = 0; i < this.count; i++) this.openOne(i % 2 === 0 ? 'headers' : 'body');
    // One more byte on every connection every 2 s (no idle timeout ever fires), and a sample of the held ones.
    this.every(2000, () => {
      for (const [socket, { kind }] of this.open) {
        if (socket.writable) socket.write(kind === 'headers' ? `X-Slow-${Date.now() % 1000}: 1\r\n` : ' ');
      }
    });
    this.every(250, () => {
      const now = Date.now();
      let held = 0;
      for (const { since } of this.open.values()) if (now - since >= HELD_MS) held++;
      this.stats.mostHeld = Math.max(this.stats.mostHeld, held);
    });
    return this;
  }

  /** Stops re-opening and closes every connection. */
  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.open.keys()) socket.destroy();
    this.open.clear();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  private every(ms: number, task: () => void): void {
    const timer = setInterval(task, ms);
    this.timers.add(timer);
  }

  private openOne(kind: 'headers' | 'body'): void {
    if (!this.running) return;
    this.stats.attempts++;
    const socket = connect({ ...this.target, localAddress: this.localAddress });
    let connectedAt = 0;
    let answered = '';
    socket.on('connect', () => {
      connectedAt = Date.now();
      this.open.set(socket, { since: connectedAt, kind });
      const host = `Host: ${this.target.host}\r\n`;
      socket.write(
        kind === 'headers'
          ? `GET /en HTTP/1.1\r\n${host}User-Agent: slow\r\n`
          : `POST /api/send-email HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"type":`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      if (answered.length < 32) answered += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.open.delete(socket);
      if (!this.running) return;
      if (connectedAt === 0) this.stats.connectErrors++;
      else if (answered.startsWith('HTTP/1.1 408')) {
        this.stats.timedOut++;
        this.stats.cutOff++;
      } else if (answered === '' && Date.now() - connectedAt < REFUSED_MS) this.stats.refused++;
      else this.stats.cutOff++;
      // Re-open after a short pause, as an attacker keeping up the pressure would.
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.openOne(kind);
        },
        200 + Math.random() * 800,
      );
      this.timers.add(timer);
    });
  }
}

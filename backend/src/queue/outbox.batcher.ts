import { DatabaseError } from 'pg';

/**
 * A statement PostgreSQL itself refused (a constraint, a conflict): rolled back as a whole, nothing of it stored.
 * Connection trouble and shutdowns (SQLSTATE classes 08 and 57) are outages, not refusals.
 */
export function isRejectedStatement(error: unknown): boolean {
  return error instanceof DatabaseError && !/^(08|57)/.test(error.code ?? '');
}

interface Waiting<Entry> {
  entry: Entry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the transactional outbox: entries that arrive while the same event-loop turn is running (under
 * load, every request whose Turnstile answer came in with the others) are stored by one `store` call, i.e. one
 * statement and one commit for all of them, instead of one each. A quiet server sends each entry alone, at once
 * (the flush runs right after the turn that queued it).
 *
 * Each entry's promise settles only after its batch committed or failed. A batch that PostgreSQL refused (a
 * constraint, a conflict: rolled back as a whole) is retried entry by entry, so each caller hears its own outcome
 * and one bad entry never fails the others; any other failure (connection lost, timeout: the outcome may be
 * unknown) is reported to every entry of the batch, as it would have been to each alone.
 */
export class OutboxBatcher<Entry> {
  private pending: Waiting<Entry>[] = [];
  private inFlight = 0;
  private flushScheduled = false;

  constructor(
    private readonly store: (entries: Entry[]) => Promise<void>,
    private readonly maxInFlight: number,
    private readonly maxBatchSize: number,
  ) {}

  add(entry: Entry): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ entry, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => {
          this.flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatchSize);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async run(batch: Waiting<Entry>[]): Promise<void> {
    try {
      await this.store(batch.map((waiting) => waiting.entry));
    } catch (error) {
      if (batch.length > 1 && isRejectedStatement(error)) {
        for (const waiting of batch) await this.run([waiting]);
      } else {
        for (const waiting of batch) waiting.reject(error);
      }
      return;
    }
    for (const waiting of batch) waiting.resolve();
  }
}

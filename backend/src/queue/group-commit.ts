import { isDatabaseUnavailable } from '../common/api-error';

interface Waiting<Entry> {
  entry: Entry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: entries that arrive while the same event-loop turn runs (under load, the forms whose bot check
 * answered together) are stored by one `store` call, i.e. one transaction, instead of one each. A quiet server
 * stores each entry alone, at once (the flush runs right after the turn that queued it). At most `maxInFlight`
 * transactions run at a time, `maxBatchSize` entries each; the rest wait for the next flush.
 *
 * Each entry's promise settles only after its own batch committed or failed. A batch that failed for any reason but
 * an unreachable database is retried entry by entry, so each caller hears its own outcome and one bad entry never
 * fails the others; an outage is reported to every entry of the batch, as it would have been to each alone.
 */
export class GroupCommit<Entry> {
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
      if (batch.length > 1 && !isDatabaseUnavailable(error)) {
        for (const waiting of batch) await this.run([waiting]);
      } else {
        for (const waiting of batch) waiting.reject(error);
      }
      return;
    }
    for (const waiting of batch) waiting.resolve();
  }
}

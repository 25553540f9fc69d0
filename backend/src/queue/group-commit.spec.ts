import { GroupCommit } from './group-commit';

const refused = () => Object.assign(new Error('duplicate key value violates unique constraint'), { code: 'P2002' });
const settle = (promises: Promise<void>[]) =>
  Promise.allSettled(promises).then((results) => results.map((result) => result.status));

describe('GroupCommit', () => {
  it('sends an entry of a quiet moment alone, and what arrives together in one call', async () => {
    const calls: number[][] = [];
    const batcher = new GroupCommit<number>(
      (entries) => {
        calls.push(entries);
        return Promise.resolve();
      },
      4,
      100,
    );
    await batcher.add(1);
    await Promise.all([batcher.add(2), batcher.add(3), batcher.add(4)]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps at most maxInFlight calls running and maxBatchSize entries per call; the rest wait and go together', async () => {
    const calls: number[][] = [];
    let running = 0;
    let mostRunning = 0;
    const batcher = new GroupCommit<number>(
      async (entries) => {
        calls.push(entries);
        mostRunning = Math.max(mostRunning, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      2,
      3,
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.add(i)));
    expect(mostRunning).toBe(2);
    expect(calls.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(calls.every((entries) => entries.length <= 3)).toBe(true);
  });

  it('retries a refused batch entry by entry, so only the bad entry fails', async () => {
    const stored: string[] = [];
    const batcher = new GroupCommit<string>(
      (entries) => {
        if (entries.includes('bad')) return Promise.reject(refused());
        stored.push(...entries);
        return Promise.resolve();
      },
      4,
      100,
    );
    const statuses = await settle([batcher.add('a'), batcher.add('bad'), batcher.add('c')]);
    expect(statuses).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored.sort()).toEqual(['a', 'c']);
  });

  it('reports an outage (outcome unknown) to every entry of the batch without retrying', async () => {
    let calls = 0;
    const batcher = new GroupCommit<number>(
      () => {
        calls++;
        return Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        );
      },
      4,
      100,
    );
    expect(await settle([batcher.add(1), batcher.add(2)])).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
  });
});

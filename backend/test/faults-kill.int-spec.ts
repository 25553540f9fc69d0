import { AppProcess, burst, expectEachEmailedOnce, messagesInDoubt, useFaultFixture } from './support/faults-app';
import { FAST_RETRY_ENV, sql } from './support/submissions';

const BURST = 500;
const CONCURRENCY = 20;
/** The server is killed once this many submissions have been answered 201 and the worker is sending. */
const KILL_AFTER_ACCEPTED = 150;
const KILL_AFTER_MAILS = 10;
/** Paces each lane, so the burst (at least 500 / 20 x 150 ms = 3.75 s) is still going when sending starts. */
const PAUSE_MS = 150;

describe('the server killed with SIGKILL in the middle of a burst of submissions', () => {
  const fixture = useFaultFixture();
  const { apps } = fixture;

  it('keeps every submission that was answered 2xx, and emails each stored one exactly once after a restart', async () => {
    const { stubs, database } = fixture;
    const env = await stubs.env(database.url, FAST_RETRY_ENV);
    const first = AppProcess.main(env);
    apps.push(first);
    await first.waitReady();

    let accepted = 0;
    let killedAfter: { accepted: number; mails: number } | undefined;
    const results = await burst('kill', BURST, {
      concurrency: CONCURRENCY,
      target: () => first.url,
      pauseMs: PAUSE_MS,
      onResult: (result) => {
        if (result.status === 201) accepted += 1;
        const mails = stubs.smtp.messages.length;
        if (!killedAfter && accepted >= KILL_AFTER_ACCEPTED && mails >= KILL_AFTER_MAILS) {
          killedAfter = { accepted, mails };
          first.child.kill('SIGKILL');
        }
      },
    });
    await first.stop('SIGKILL');
    // Killed part-way through the burst, while the email worker was sending.
    expect(killedAfter).toBeDefined();
    expect(first.child.signalCode).toBe('SIGKILL');

    // Before the kill every request was accepted; after it, connections fail. Nothing else (no 5xx).
    const statuses = new Set(results.map((r) => r.status));
    expect([...statuses].sort()).toEqual([0, 201]);
    const answered = results.filter((r) => r.status === 201);
    expect(answered.length).toBeLessThan(BURST);
    // The killed process left email work undone for the restarted one.
    const unsent = await sql({ database }, "SELECT id FROM submissions WHERE email_status <> 'sent'");
    expect(unsent.length).toBeGreaterThan(0);
    // Messages SMTP accepted in the last moment whose sent-at the killed process could not write any more.
    const inDoubt = await messagesInDoubt(database.url, stubs.smtp);

    // The same server, restarted on the same database and port, finishes what the killed one left.
    const second = AppProcess.main(env);
    apps.push(second);
    await second.waitReady();
    // Jobs the killed process had claimed come back once their heartbeat is stale and pg-boss's monitor runs (60 s).
    const rows = await expectEachEmailedOnce(database.url, stubs.smtp, 240_000, () => second.log(), inDoubt);

    const rowsByEmail = new Map<string, typeof rows>();
    for (const row of rows) rowsByEmail.set(row.email, [...(rowsByEmail.get(row.email) ?? []), row]);
    // Every 2xx has exactly its own row, under the id it was told.
    const lost = answered.filter((r) => rowsByEmail.get(r.email)?.[0]?.id !== r.json.id);
    expect(lost).toEqual([]);
    expect([...rowsByEmail.values()].filter((same) => same.length > 1)).toEqual([]);
    // A request cut off by the kill may have committed without hearing back (at most one per connection).
    const sent = new Set(results.map((r) => r.email));
    expect(rows.every((row) => sent.has(row.email))).toBe(true);
    expect(rows.length - answered.length).toBeLessThanOrEqual(CONCURRENCY);

    await second.stop('SIGTERM');
    expect(second.child.exitCode === 0 || second.child.signalCode === 'SIGTERM').toBe(true);
  }, 420_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { emailStates, FAST_RETRY_ENV, postJson, sendEmailBody, waitFor } from './support/submissions';
import { startTestStack, testEnv, type TestStack } from './support/test-app';

const WORKER = join(__dirname, '../dist/worker.js');

/** `npm run worker` as a real child process against the stack's database and SMTP sink. */
function startWorker(stack: TestStack): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [WORKER], {
    env: {
      PATH: process.env.PATH,
      ...testEnv({
        databaseUrl: stack.database.url,
        smtpUrl: stack.smtp.url,
        turnstileVerifyUrl: stack.config.turnstile.verifyUrl,
        stripeApiUrl: stack.config.stripe.apiUrl!,
        stripeSecretKey: stack.config.stripe.secretKey,
      }),
      ...FAST_RETRY_ENV,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));
}

describe('mail worker killed with SIGKILL in the middle of sending', () => {
  let stack: TestStack;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    if (!existsSync(WORKER)) throw new Error('Build first: npm run build -w backend (the test runs dist/worker.js)');
    // The web process only accepts and queues; the child processes do all the sending.
    stack = await startTestStack({ RUN_WORKER: 'false', ...FAST_RETRY_ENV });
  });
  afterAll(async () => {
    for (const child of workers) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await stack.close();
  });

  it('delivers every accepted submission after a restart, with no message sent twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const type = (['volunteer', 'contact', 'help-request'] as const)[i % 3];
      const response = await postJson(stack, sendEmailBody(type, { email: `crash${i}@example.org` }));
      expect(response.status).toBe(201);
      ids.push(response.json.id as string);
    }

    // A slow server: every DATA is answered after 1.5 s, so the kill lands while messages are in flight.
    stack.smtp.answerDelayMs = 1500;
    const first = startWorker(stack);
    workers.push(first.child);
    await waitFor(() => stack.smtp.messages.length > 0, 30_000, `the first accepted message\n${first.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.child.kill('SIGKILL');
    await exited(first.child);

    const atKill = await emailStates(stack);
    const acceptedBeforeKill = stack.smtp.messages.length;
    expect(acceptedBeforeKill).toBeGreaterThan(0);
    expect(acceptedBeforeKill).toBeLessThan(20);
    // Accepted messages are recorded; the rest were cut off mid-send.
    expect(atKill.filter((s) => s.email_sent_at).length).toBe(
      stack.smtp.messages.filter((m) => m.messageId?.includes('.staff@')).length,
    );
    expect(atKill.some((s) => s.email_status === 'sending')).toBe(true);

    stack.smtp.answerDelayMs = undefined;
    const second = startWorker(stack);
    workers.push(second.child);
    // The killed worker's jobs come back once their heartbeat is stale and pg-boss's monitor (60 s) runs.
    await waitFor(
      async () => (await emailStates(stack)).every((s) => s.email_status === 'sent'),
      120_000,
      `every submission sent\n${second.output()}`,
    );

    const messageIds = stack.smtp.messages.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(messageIds.sort()).toEqual(
      ids.flatMap((id) => [`<${id}.confirmation@stichting.test>`, `<${id}.staff@stichting.test>`]).sort(),
    );
    const states = await emailStates(stack);
    expect(states.every((s) => s.email_attempts === 2)).toBe(true);

    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(second.child.exitCode === 0 || second.child.signalCode === 'SIGTERM').toBe(true);
  }, 180_000);
});

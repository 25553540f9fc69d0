import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { assertCliBuilt, CLI_DIR } from './exports.helpers';
import { stripeProduct, StripeStub } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * Every command of the staff guides (docs/staff-exports.md, .nl.md) and the README, run exactly as written
 * (scripts/staff-commands.mjs reads them): the `npm run …` lines as npm runs them (the script of package.json), the
 * `docker compose exec -T app site …` lines through the image's own `site` script (docker/entrypoint.sh) on this
 * checkout, started in a folder the site may not write to, as /app is in the image, while the site runs on the same
 * database (as on the server: its queues exist). Each exits 0 and a file it writes is there and of its kind. scripts/test-container.sh runs the `site` lines in the image itself.
 */
const REPO = resolve(__dirname, '../..');

interface GuideCommand {
  file: string;
  line: number;
  text: string;
  form: 'site' | 'npm' | 'compose';
  command: string;
  args: string[];
  redirect?: string;
  needsStripe: boolean;
  copies?: string;
}

const COMMANDS: GuideCommand[] = execFileSync(process.execPath, [join(REPO, 'scripts/staff-commands.mjs')], {
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as GuideCommand);

const SCRIPTS = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** What a command does, without where its result goes (scripts/staff-commands.mjs `meaning`), addresses alike. */
function meaning(command: GuideCommand): string {
  const args: string[] = [];
  for (let i = 0; i < command.args.length; i++) {
    if (command.args[i] === '--output') i++;
    else args.push(command.args[i].replace(/^[^@\s]+@example\.org$/, '<email>'));
  }
  return [command.command, ...args].join(' ');
}

function run(
  file: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((done) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr: stderr.toString('utf8') });
      },
    );
  });
}

/** The first bytes of a file of each kind the guides write. */
function expectKind(name: string, content: Buffer): void {
  expect(content.length).toBeGreaterThan(0);
  if (name.endsWith('.xlsx')) expect(content.subarray(0, 2).toString('latin1')).toBe('PK');
  else if (name.endsWith('.jsonl')) expect(content.toString('utf8').split('\n')[0]).toMatch(/^(\{.*\})?$/);
  else if (name.endsWith('.csv')) expect(content.toString('utf8').split(/\r?\n/)[0]).toMatch(/[;,]/);
}

describe('the staff guides and the README', () => {
  it('print commands of the known forms only, and the same commands in English and Dutch', () => {
    const of = (file: string) => COMMANDS.filter((command) => command.file === file && command.form !== 'compose');
    expect(of('docs/staff-exports.md').length).toBeGreaterThan(10);
    expect(of('docs/staff-exports.md').map(meaning)).toEqual(of('docs/staff-exports.nl.md').map(meaning));
    // Every form shows a place to type it: no `docker compose exec app npm` (no npm in the image).
    for (const command of COMMANDS) expect(command.text).not.toMatch(/exec\s.*\bnpm\b/);
  });

  it("README's commands are the guides' commands (the same command and options, in either form)", () => {
    const commands = COMMANDS.filter((command) => command.form !== 'compose');
    const guides = new Set(commands.filter((command) => command.file !== 'README.md').map(meaning));
    const readme = commands.filter((command) => command.file === 'README.md');
    expect(readme.length).toBeGreaterThan(3);
    expect(readme.map(meaning).filter((line) => !guides.has(line))).toEqual([]);
  });

  it('use npm scripts that run the built staff commands', () => {
    for (const command of COMMANDS.filter((entry) => entry.form === 'npm')) {
      expect(SCRIPTS[command.command]).toBe(`node backend/dist/cli/${command.command}.js`);
    }
  });
});

describe('every command of the guides, run as written', () => {
  let stack: TestStack;
  let stripe: StripeStub;
  let stripeKey: string;
  let home: string;
  let readOnly: string;
  let workstation: string;
  beforeAll(async () => {
    assertCliBuilt();
    stack = await startTestStack();
    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    // A request of each kind, one of them answered, so the exports have rows to write.
    await db.query(`INSERT INTO submissions (id, type, language, name, email, created_at, email_status, status) VALUES
      (gen_random_uuid(), 'volunteer', 'nl', 'Anna de Vries', 'anna@example.org', '2026-11-03T09:00:00Z', 'sent', 'new'),
      (gen_random_uuid(), 'help-request', 'nl', 'Bram Smit', 'bram@example.org', '2026-11-04T09:00:00Z', 'dead', 'new'),
      (gen_random_uuid(), 'contact', 'en', 'Cor Jansen', 'someone@example.org', '2026-11-05T09:00:00Z', 'sent',
        'contacted')`);
    await db.query(`INSERT INTO error_reports (id, fingerprint, message, first_seen_at, last_seen_at)
      VALUES (gen_random_uuid(), 'guide', 'TypeError: x is undefined', now(), now())`);
    await db.end();
    stripeKey = StripeStub.randomSecret();
    stripe = await new StripeStub(stripeKey).start();
    stripe.products.set('monthly_donation', stripeProduct('monthly_donation', { name: 'Maandelijkse donatie' }));
    home = mkdtempSync(join(tmpdir(), 'staff-home-'));
    workstation = mkdtempSync(join(tmpdir(), 'staff-workstation-'));
    // /app in the image: the site's user may not write there.
    readOnly = mkdtempSync(join(tmpdir(), 'staff-app-'));
    chmodSync(readOnly, 0o555);
  });
  afterAll(async () => {
    await stripe?.stop();
    await stack?.close();
    for (const dir of [home, workstation, readOnly]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const env = (command: GuideCommand) => ({
    PATH: process.env.PATH ?? '',
    HOME: home,
    DATABASE_URL: stack.database.url,
    ...(command.needsStripe
      ? { STRIPE_SECRET_KEY: stripeKey, STRIPE_API_URL: stripe.url, PUBLIC_BASE_URL: 'https://www.stichting.test' }
      : {}),
  });

  const runnable = COMMANDS.filter((command) => command.form !== 'compose');
  it.each(runnable.map((command) => [`${command.file}:${command.line}`, command.text, command] as const))(
    '%s: %s',
    async (_where, _text, command) => {
      const result =
        command.form === 'npm'
          ? // What `npm run <command> -- <args>` runs: the script of package.json (built in backend/dist or CLI_DIST_DIR).
            await run(process.execPath, [join(CLI_DIR, `${command.command}.js`), ...command.args], {
              cwd: workstation,
              env: env(command),
            })
          : await run('sh', [join(REPO, 'docker/entrypoint.sh'), command.command, ...command.args], {
              cwd: readOnly,
              env: { ...env(command), SITE_HOME: resolve(CLI_DIR, '../../..') },
            });
      if (result.code !== 0) throw new Error(`exit code ${result.code}: ${result.stderr}`);
      expect(result.code).toBe(0);
      if (command.redirect) expectKind(command.redirect, result.stdout);
      const output = command.args[command.args.indexOf('--output') + 1];
      if (command.args.includes('--output')) {
        // A bare name lands where the command was started if it may write there, else in the site's home.
        const written = resolve(command.form === 'npm' ? workstation : home, output);
        expect(existsSync(written)).toBe(true);
        expectKind(output, readFileSync(written));
        expect(statSync(written).size).toBeGreaterThan(0);
      }
    },
    30_000,
  );

  it('a file a guide copies out of the container was written by the line before it', () => {
    for (const copy of COMMANDS.filter((command) => command.form === 'compose' && command.copies)) {
      const before = COMMANDS[COMMANDS.indexOf(copy) - 1];
      expect(before.args.slice(before.args.indexOf('--output'), before.args.indexOf('--output') + 2)).toEqual([
        '--output',
        copy.copies,
      ]);
      expect(existsSync(copy.copies!)).toBe(true);
      rmSync(copy.copies!, { force: true });
    }
  });
});

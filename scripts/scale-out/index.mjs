#!/usr/bin/env node
/**
 * `npm run test:scale`: docker-compose.scale.yml, proven through the container engine (docs/operations.md §11).
 * Three web replicas, one worker and HAProxy in front of one PostgreSQL and the mail catcher, with stand-ins for the
 * images that cannot be pulled (docker/compose.test.yml) and for Turnstile (docker/compose.scale-test.yml):
 *   1. the image runs as the uid deploy/kubernetes names; only the load balancer publishes a port;
 *   2. five visitors, each in its own container (its own address), send a burst of contact forms through the load
 *      balancer; one web replica is killed (`docker kill`) mid-burst. Every acknowledged form is stored once and
 *      mailed once (staff notification and confirmation, by Message-ID), every replica served part of the burst
 *      before the kill, and every form sent after the kill is acknowledged;
 *   3. one address reaches the POST limit through the replicas the load balancer spreads it over, writing a new
 *      X-Forwarded-For each time: refused at RATE_LIMIT_POST_PER_MINUTE, as one instance would;
 *   4. every pg-boss schedule is set to recur each minute: each minute sends one job per schedule, the worker works
 *      it once, and only the worker runs the retention purge (log and audit line once per run);
 *   5. `docker compose up -d --scale app=5` grows the running stack (no fixed host port in the way), and the load
 *      balancer sends pages to every replica, old and new.
 * All checks run and are printed; the exit code is 1 if any failed, and every container's log is then kept in a
 * file. About three and a half minutes once the image is built (two of them wait for the schedules). `--image <tag>` runs an
 * image built before instead of building docker/Dockerfile.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HERE = join(ROOT, 'scripts/scale-out');
const started = Date.now();
const run = `s${Math.floor(started / 1000)}`;
const project = `sitescale${run}`;
const { values: options } = parseArgs({ options: { image: { type: 'string' } } });
const IMAGE = options.image ?? 'stichting-site:scale-test';
/** Per visitor, below the per-address limit, so only the limit check meets a 429. */
const FORMS_PER_VISITOR = 18;
const POST_LIMIT = 20; // RATE_LIMIT_POST_PER_MINUTE, its default
const SCHEDULE_RUNS = 2;

// The engine `docker` reaches (DOCKER_HOST, or the current context). Compose v2 builds with BuildKit by default,
// which podman's Docker API does not offer (scripts/test-container.sh).
if (process.env.DOCKER_HOST?.includes('podman')) process.env.DOCKER_BUILDKIT ??= '0';
const appPort = await freePort();
const publicBaseUrl = `http://localhost:${appPort}`;
// The compose file's defaults (development, Cloudflare's always-pass test keys), with siteverify answered by the
// stand-in, the public address on the port the load balancer gets and the POST limit stated.
Object.assign(process.env, {
  APP_PORT: String(appPort),
  PUBLIC_BASE_URL: publicBaseUrl,
  TURNSTILE_VERIFY_URL: 'http://turnstile:8080/turnstile/v0/siteverify',
  // The daily reconciliation lists Stripe's events: a stand-in answers as an account with none.
  STRIPE_API_URL: 'http://stripe:8080',
  RATE_LIMIT_POST_PER_MINUTE: String(POST_LIMIT),
  SCALE_TEST_IMAGE: IMAGE,
  // The project network's /24 (docker/compose.scale-test.yml: fixed addresses instead of podman's DNS), one per run.
  SCALE_TEST_SUBNET: `10.213.${1 + (Math.floor(started / 1000) % 250)}`,
});
/** What Cloudflare's always-pass test site key hands the browser. */
const TURNSTILE_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const composeFiles = ['docker-compose.scale.yml', 'docker/compose.test.yml', 'docker/compose.scale-test.yml'];
// Not the developer's .env: the stack is configured by the environment above alone.
const noEnvFile = join(tmpdir(), `scale-out-${run}.env`);
writeFileSync(noEnvFile, '');
const composeArgs = ['-p', project, '--env-file', noEnvFile, ...composeFiles.flatMap((file) => ['-f', file])];

const failures = [];
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures.push(what);
}

function sh(command, args, { input, allowFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}
const docker = (...args) => sh('docker', args);
/** Compose v2, the README's `docker compose` (the only Compose the tests use; scripts/install-compose-v2.sh adds it). */
const compose = (...args) => sh('docker', ['compose', ...composeArgs, ...args]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => Math.round((Date.now() - since) / 1000);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function until(what, limit, probe) {
  const deadline = Date.now() + limit * 1000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${limit} s waiting for ${what}`);
    await sleep(500);
  }
}

const containers = (service) => compose('ps', '-q', service).split('\n').filter(Boolean);
const name = (id) => docker('inspect', '--format', '{{.Name}}', id).trim().replace(/^\//, '');
const health = (id) =>
  sh('docker', ['inspect', '--format', '{{if .State.Health}}{{.State.Health.Status}}{{end}}', id], {
    allowFailure: true,
  }).trim();
const psql = ['psql', '-h', '127.0.0.1', '-U', 'site', '-d', 'site', '-tAc'];
const sql = (postgres, query) => docker('exec', '-e', 'PGPASSWORD=site', postgres, ...psql, query);
const queue = (worker, env) =>
  JSON.parse(
    sh('docker', ['exec', '-i', ...env.flatMap((e) => ['-e', e]), worker, 'node', '--input-type=module', '-'], {
      input: readFileSync(join(HERE, 'queue.mjs'), 'utf8'),
    }),
  );
/** The JSON log lines of one container (pino). */
function logLines(id) {
  return sh('docker', ['logs', id], { allowFailure: true })
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}
/** Access-log lines of one container: request id and status of every answered request. */
const accessLog = (id) =>
  logLines(id).flatMap((entry) =>
    entry.req?.id && entry.res?.statusCode ? [{ requestId: entry.req.id, status: entry.res.statusCode }] : [],
  );

let healthchecks;
async function main() {
  console.log(`--- build (${IMAGE}, stand-ins, load balancer)`);
  if (!options.image) docker('build', '-q', '-f', 'docker/Dockerfile', '-t', IMAGE, '.');
  compose('build', '-q', 'postgres', 'mailpit', 'turnstile', 'stripe', 'lb');
  console.log(`built in ${seconds(started)} s`);
  // The image has Node and a shell but no `id`: ask Node for the user it runs as.
  const uid = docker('run', '--rm', '--entrypoint', 'node', IMAGE, '-e', 'console.log(process.getuid())').trim();
  const manifestUid = parseYaml(readFileSync(join(ROOT, 'deploy/kubernetes/web-deployment.yaml'), 'utf8')).spec.template
    .spec.securityContext.runAsUser;
  check(uid !== '0' && uid === String(manifestUid), "the image runs as deploy/kubernetes' non-root uid", `uid ${uid}`);
  // podman runs no HEALTHCHECK by itself here; depends_on: service_healthy needs them (container host README).
  const hostTools = process.env.CONTAINER_HOST_DIR ?? '/work/shared/tools/container-host';
  healthchecks = spawn('bash', [join(hostTools, 'healthchecks.sh'), '2'], { stdio: 'ignore' });

  console.log(`--- up: docker compose -p ${project} -f ${composeFiles.join(' -f ')} up -d`);
  const upStarted = Date.now();
  compose('up', '-d', '--no-build');
  const apps = containers('app');
  const [worker] = containers('worker');
  const [postgres] = containers('postgres');
  const [mailpit] = containers('mailpit');
  const visitorContainers = containers('visitor');

  // 4 (set up first: it needs two minute boundaries): every schedule, every minute, once the worker has made them.
  await until('the worker to register its schedules', 120, () => {
    try {
      return queue(worker, ['ACTION=list']).length > 0;
    } catch {
      return false; // not started yet
    }
  });
  const scheduledSince = new Date();
  const schedules = queue(worker, ['ACTION=every-minute']);
  check(
    schedules.some((schedule) => schedule.name === 'retention-purge'),
    'the worker registered the retention schedule',
    schedules.map((schedule) => `${schedule.name} "${schedule.cron}" ${schedule.timezone}`).join('; '),
  );
  check(apps.length === 3, 'three web replicas from scale: 3', apps.map(name).join(', '));
  await until('every web replica healthy', 180, () => apps.every((id) => health(id) === 'healthy'));
  await until('the load balancer to answer /readyz', 30, async () => {
    const response = await fetch(`${publicBaseUrl}/readyz`).catch(() => null);
    return response?.ok;
  });
  console.log(`stack up and healthy ${seconds(upStarted)} s after docker compose up`);

  const published = compose('ps', '-q')
    .split('\n')
    .filter(Boolean)
    .flatMap((id) => (docker('port', id).trim() ? [name(id)] : []));
  check(
    published.length === 1 && /[_-]lb[_-]\d+$/.test(published[0]),
    'only the load balancer publishes a port',
    published.join(', '),
  );

  // 2. The burst, with a replica killed in the middle of it.
  console.log(
    `--- burst: ${visitorContainers.length} visitors x ${FORMS_PER_VISITOR} forms, one replica killed mid-burst`,
  );
  const visitorScript = readFileSync(join(HERE, 'visitor.mjs'), 'utf8');
  const startAt = Date.now() + 3000; // every visitor has started by then
  const answers = [];
  const planned = visitorContainers.length * FORMS_PER_VISITOR;
  const victim = apps[1];
  // Mid-burst: once the victim has acknowledged two forms of the burst (so its share is known), or 6 s in.
  let killRequestedAt = 0;
  let killedAt = 0;
  const killing = (async () => {
    await sleep(startAt - Date.now());
    while (Date.now() < startAt + 6000) {
      const served = accessLog(victim).filter(
        (entry) => entry.requestId.startsWith(`${run}-v`) && entry.status === 201,
      );
      if (served.length >= 2) break;
      await sleep(200);
    }
    killRequestedAt = Date.now();
    await new Promise((done) => spawn('docker', ['kill', victim], { stdio: 'ignore' }).on('exit', done));
    killedAt = Date.now();
  })();
  const visitors = visitorContainers.map((container, index) => {
    const env = {
      LB_URL: 'http://lb:8080',
      VISITOR: `v${index + 1}`,
      RUN: run,
      START_AT: startAt,
      COUNT: FORMS_PER_VISITOR,
      INTERVAL_MS: 200,
      TURNSTILE_TOKEN,
    };
    const child = spawn(
      'docker',
      [
        'exec',
        '-i',
        ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
        container,
        'node',
        '--input-type=module',
        '-',
      ],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    child.stdin.end(visitorScript);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    return new Promise((resolveVisitor, rejectVisitor) =>
      child.on('exit', (code) => {
        if (code !== 0) return rejectVisitor(new Error(`visitor v${index + 1} exited ${code}`));
        answers.push(
          ...output
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line)),
        );
        resolveVisitor();
      }),
    );
  });
  await Promise.all([...visitors, killing]);
  const acknowledged = answers.filter((answer) => answer.status === 201);
  const afterKill = answers.filter((answer) => answer.started > killedAt);
  const byStatus = Object.entries(Object.groupBy(answers, (answer) => answer.status))
    .map(([status, list]) => `${list.length} x ${status}`)
    .join(', ');
  const startedBeforeKill = answers.filter((answer) => answer.started <= killRequestedAt).length;
  console.log(
    `${answers.length} forms sent (${byStatus}); ${name(victim)} killed after ${startedBeforeKill} had started (docker kill took ${killedAt - killRequestedAt} ms)`,
  );
  const appLogs = new Map(apps.map((id) => [id, sh('docker', ['logs', id], { allowFailure: true })]));
  for (const answer of answers.filter((a) => a.status !== 201)) {
    const lines = [...appLogs].flatMap(([id, log]) =>
      log
        .split('\n')
        .filter((line) => line.includes(`"${answer.requestId}"`))
        .map((line) => `${name(id)}: ${line}`),
    );
    console.log(
      `  ${answer.requestId}: ${answer.status}, started ${answer.started - killRequestedAt} ms from the kill${lines.length ? `\n    ${lines.join('\n    ')}` : ", in no replica's log"}`,
    );
  }
  check(answers.length === planned, 'every visitor sent every form', `${answers.length} of ${planned}`);
  check(
    afterKill.length > 0 && afterKill.every((answer) => answer.status === 201),
    "the dead replica's share is served by the others: every form sent after the kill acknowledged",
    `${afterKill.filter((answer) => answer.status === 201).length} of ${afterKill.length}`,
  );
  const servedBy = new Map(apps.map((id) => [id, new Set(accessLog(id).map((entry) => entry.requestId))]));
  const beforeKill = answers.filter((answer) => answer.started < killRequestedAt).map((answer) => answer.requestId);
  check(
    apps.every((id) => beforeKill.some((requestId) => servedBy.get(id).has(requestId))),
    'the burst was spread over all three replicas before the kill',
    apps.map((id) => `${name(id)} ${[...servedBy.get(id)].filter((r) => r.startsWith(`${run}-v`)).length}`).join(', '),
  );

  // 3. The per-address limit, through whichever replicas the load balancer picks.
  console.log(`--- rate limit: ${2 * POST_LIMIT} forms from one address, each with a made-up X-Forwarded-For`);
  const limitAnswers = [];
  for (let n = 1; n <= 2 * POST_LIMIT; n += 1) {
    const response = await fetch(`${publicBaseUrl}/api/send-email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `203.0.113.${n}`,
        'x-request-id': `${run}-limit-${n}`,
      },
      body: JSON.stringify({
        type: 'contact',
        language: 'nl',
        turnstileToken: TURNSTILE_TOKEN,
        formData: {
          name: 'Limiet',
          email: `scale-${run}-limit-${n}@example.org`,
          subject: 'Limiet',
          message: `Formulier ${n}.`,
        },
      }),
    });
    const body = await response.json().catch(() => ({}));
    limitAnswers.push({ status: response.status, id: body.id, email: `scale-${run}-limit-${n}@example.org` });
  }
  const accepted = limitAnswers.findIndex((answer) => answer.status !== 201);
  check(
    accepted === POST_LIMIT && limitAnswers.slice(POST_LIMIT).every((answer) => answer.status === 429),
    `the limit holds across replicas: ${POST_LIMIT} accepted, then 429`,
    `${limitAnswers.filter((answer) => answer.status === 201).length} accepted, statuses ${limitAnswers.map((answer) => answer.status).join(' ')}`,
  );
  acknowledged.push(...limitAnswers.filter((answer) => answer.status === 201));

  // Stored once, mailed once.
  const stored = JSON.parse(
    sql(
      postgres,
      `SELECT coalesce(json_agg(json_build_object('id', id, 'email', email)), '[]') FROM submissions WHERE email LIKE 'scale-${run}-%'`,
    ),
  );
  const storedIds = new Set(stored.map((row) => row.id));
  const duplicates = Object.entries(Object.groupBy(stored, (row) => row.email)).filter(([, rows]) => rows.length > 1);
  check(
    acknowledged.every((answer) => storedIds.has(answer.id)),
    'every acknowledged form is stored',
    `${acknowledged.filter((answer) => storedIds.has(answer.id)).length} of ${acknowledged.length} acknowledged; ${stored.length} stored`,
  );
  check(duplicates.length === 0, 'no form is stored twice', duplicates.map(([email]) => email).join(', '));

  const messages = () =>
    JSON.parse(
      docker(
        'exec',
        mailpit,
        'node',
        '-e',
        "fetch('http://127.0.0.1:8025/api/v1/messages').then(r=>r.text()).then(t=>process.stdout.write(t))",
      ),
    ).messages.map((message) => /^Message-ID:\s*(<[^>]+>)/im.exec(message.data)?.[1] ?? '');
  await until('every stored form to be mailed', 150, () => messages().length >= 2 * stored.length);
  await sleep(3000); // a repeat would arrive now
  const sent = Object.groupBy(messages(), (messageId) => messageId);
  const mailedOnce = (id, kind) => (sent[`<${id}.${kind}@example.org>`] ?? []).length === 1;
  const notOnce = stored.filter((row) => !mailedOnce(row.id, 'staff') || !mailedOnce(row.id, 'confirmation'));
  check(
    notOnce.length === 0 && Object.keys(sent).length === 2 * stored.length,
    'every stored form is mailed once: one staff notification and one confirmation',
    `${Object.values(sent).flat().length} messages for ${stored.length} forms${notOnce.length ? `; not exactly once: ${notOnce.map((row) => row.email).join(', ')}` : ''}`,
  );

  // 4. The scheduled jobs, after two minute boundaries; then the schedules as they were, and the count once the last
  //    job is done.
  const firstBoundary = Math.ceil(scheduledSince.getTime() / 60_000) * 60_000;
  const lastRunDue = firstBoundary + (SCHEDULE_RUNS - 1) * 60_000 + 35_000; // a cron pass every 30 s, then the worker
  console.log(
    `--- scheduled jobs: waiting ${Math.max(0, Math.round((lastRunDue - Date.now()) / 1000))} s for ${SCHEDULE_RUNS} minutes of every-minute schedules`,
  );
  await sleep(Math.max(0, lastRunDue - Date.now()));
  queue(worker, ['ACTION=restore', `SCHEDULES=${JSON.stringify(schedules)}`]);
  const jobs = await until('the last scheduled job to finish', 60, () => {
    const found = queue(worker, ['ACTION=jobs', `SINCE=${scheduledSince.toISOString()}`]);
    return (
      Object.values(found).every((list) =>
        list.every((job) => ['completed', 'failed', 'cancelled'].includes(job.state)),
      ) && found
    );
  });
  for (const [queueName, list] of Object.entries(jobs)) {
    const minutes = list.map((job) => Math.floor(new Date(job.createdOn).getTime() / 60_000)).sort();
    const consecutive = minutes.every((minute, index) => index === 0 || minute === minutes[index - 1] + 1);
    check(
      list.length >= SCHEDULE_RUNS &&
        consecutive &&
        list.every((job) => job.state === 'completed' && job.retryCount === 0),
      `${queueName}: one job each minute, each worked once`,
      list
        .map((job) => `${new Date(job.createdOn).toISOString().slice(11, 19)} ${job.state} (retries ${job.retryCount})`)
        .sort()
        .join(', '),
    );
  }
  const purges = Number(
    sql(
      postgres,
      `SELECT count(*) FROM audit_log WHERE action = 'purge' AND created_at >= '${scheduledSince.toISOString()}'`,
    ),
  );
  const purgeLines = (id) =>
    logLines(id).filter((entry) => entry.msg === 'retention purge done' && entry.time >= scheduledSince.getTime())
      .length;
  const completedPurges = (jobs['retention-purge'] ?? []).filter((job) => job.state === 'completed').length;
  check(
    purges === completedPurges && purgeLines(worker) === completedPurges && apps.every((id) => purgeLines(id) === 0),
    'only the worker runs the retention purge, once per job',
    `${completedPurges} jobs, ${purges} audit lines, worker logged ${purgeLines(worker)}, web replicas ${apps.map(purgeLines).join('/')}`,
  );

  // 5. Growing a running site, as docs/operations.md §11 says: `up -d --scale app=5` (no fixed host port in the way), and the
  //    load balancer finds the new replicas by itself.
  const GROWN = 5;
  console.log(`--- grow: docker compose up -d --scale app=${GROWN}`);
  compose('up', '-d', '--no-build', '--scale', `app=${GROWN}`);
  const grown = await until(`${GROWN} healthy web replicas`, 120, () => {
    const ids = containers('app');
    return ids.length === GROWN && ids.every((id) => health(id) === 'healthy') && ids;
  });
  const servedGrown = await until('the load balancer to send pages to every replica', 60, async () => {
    for (let n = 0; n < 4 * GROWN; n += 1) {
      const response = await fetch(`${publicBaseUrl}/en`, { headers: { 'x-request-id': `${run}-grow-${n}` } });
      if (response.status !== 200) return false;
      await response.arrayBuffer();
    }
    const counts = grown.map(
      (id) => accessLog(id).filter((entry) => entry.requestId.startsWith(`${run}-grow-`)).length,
    );
    return counts.every((count) => count > 0) && counts;
  }).catch(() => grown.map((id) => accessLog(id).filter((entry) => entry.requestId.startsWith(`${run}-grow-`)).length));
  check(
    servedGrown.every((count) => count > 0),
    `--scale app=${GROWN} on the running stack: every replica, old and new, serves pages through the load balancer`,
    grown.map((id, index) => `${name(id)} ${servedGrown[index]}`).join(', '),
  );
}

let exitCode;
try {
  await main();
  exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error.message);
  exitCode = 1;
}
if (exitCode !== 0) {
  const logFile = join(tmpdir(), `scale-out-${run}.log`);
  const ids = sh('docker', ['compose', ...composeArgs, 'ps', '-aq'], { allowFailure: true })
    .split('\n')
    .filter(Boolean);
  for (const id of ids) {
    const { stdout, stderr } = spawnSync('docker', ['logs', id], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    appendFileSync(logFile, `=== ${id}\n${stdout}${stderr}\n`);
  }
  console.log(`every container's log: ${logFile}`);
}
healthchecks?.kill();
sh('docker', ['compose', ...composeArgs, 'down', '-v', '--remove-orphans'], { allowFailure: true });
// Whatever `down` left behind (it can fail on a busy machine): this run's containers, network and volume.
const leftovers = sh('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`], {
  allowFailure: true,
})
  .split('\n')
  .filter(Boolean);
if (leftovers.length > 0) sh('docker', ['rm', '-f', ...leftovers], { allowFailure: true });
sh('docker', ['network', 'rm', `${project}_default`], { allowFailure: true });
sh('docker', ['volume', 'rm', `${project}_pgdata`], { allowFailure: true });
rmSync(noEnvFile, { force: true });
console.log(
  `scale-out test ${exitCode === 0 ? 'passed' : `failed (${failures.join('; ') || 'error'})`} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(exitCode);

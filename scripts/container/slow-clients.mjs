/**
 * A slow-client attack and a visitor who must not notice it (docs/architecture.md §7.8), against any URL: the site
 * itself, the compose load balancer, or a locally started HAProxy. Plain Node, no dependencies, so it also runs fed
 * on stdin inside the app image (`node --input-type=module - …`), from an address of its own on the compose network.
 *
 *   node scripts/container/slow-clients.mjs --attack http://lb:8080 [--connections 300] [--seconds 20]
 *   node scripts/container/slow-clients.mjs --visit http://127.0.0.1:3000 [--seconds 20] [--forms 5]
 *       [--origin http://127.0.0.1:3000] [--turnstile-token XXXX.DUMMY.TOKEN.XXXX]
 *   (both at once, and --local-address 127.0.0.2 to send from another loopback address)
 *
 * The attack holds `connections` connections, half stuck in their headers and half in a small JSON body, one byte
 * more every 2 s, each re-opened shortly after it closes. The visitor loads pages and sends `forms` contact forms
 * spread over the run, each on a new connection, and needs every page answered 200 and every form 201. Prints one
 * JSON line ({attack, visit}); exits 1 if the visitor saw any error (or did too little), or if the attack did not
 * even try each of its connections.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    attack: { type: 'string' },
    visit: { type: 'string' },
    connections: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '20' },
    forms: { type: 'string', default: '5' },
    origin: { type: 'string' },
    'turnstile-token': { type: 'string', default: 'XXXX.DUMMY.TOKEN.XXXX' },
    'local-address': { type: 'string' },
  },
});
const seconds = Number(options.seconds);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PAGES = ['/', '/en', '/es', '/en/donate', '/en/become-volunteer', '/contact'];

async function attack(baseUrl, count) {
  const { hostname: host, port } = new URL(baseUrl);
  const stats = { connections: count, attempts: 0, connectErrors: 0, refused: 0, cutOff: 0, timedOut: 0, mostHeld: 0 };
  const open = new Map();
  let running = true;
  const openOne = (kind) => {
    if (!running) return;
    stats.attempts++;
    const socket = connect({ host, port: Number(port || 80), localAddress: options['local-address'] });
    let connectedAt = 0;
    let answer = '';
    socket.on('connect', () => {
      connectedAt = Date.now();
      open.set(socket, { since: connectedAt, kind });
      socket.write(
        kind === 'headers'
          ? `GET /en HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: slow\r\n`
          : `POST /api/send-email HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"type":`,
      );
    });
    socket.on('data', (chunk) => {
      if (answer.length < 32) answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      open.delete(socket);
      if (!running) return;
      if (connectedAt === 0) stats.connectErrors++;
      else if (/^HTTP\/1\.[01] 408/.test(answer)) {
        stats.timedOut++;
        stats.cutOff++;
      } else if (answer === '' && Date.now() - connectedAt < 500) stats.refused++;
      else stats.cutOff++;
      setTimeout(() => openOne(kind), 200 + Math.random() * 800);
    });
  };
  for (let i = 0; i < count; i++) openOne(i % 2 === 0 ? 'headers' : 'body');
  const drip = setInterval(() => {
    for (const [socket, { kind }] of open)
      if (socket.writable) socket.write(kind === 'headers' ? 'X-Slow: 1\r\n' : ' ');
  }, 2000);
  const sample = setInterval(() => {
    const now = Date.now();
    stats.mostHeld = Math.max(stats.mostHeld, [...open.values()].filter(({ since }) => now - since >= 1000).length);
  }, 250);
  await sleep(seconds * 1000);
  running = false;
  clearInterval(drip);
  clearInterval(sample);
  for (const socket of open.keys()) socket.destroy();
  return stats;
}

/** One request on a new connection: its status, or what went wrong. */
function send(baseUrl, method, path, body) {
  const { hostname, port } = new URL(baseUrl);
  const headers = body
    ? {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(options.origin ? { origin: options.origin } : {}),
      }
    : { accept: 'text/html' };
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        method,
        path,
        headers,
        agent: false,
        localAddress: options['local-address'],
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', (error) => resolve(error.code ?? error.message));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.on('error', (error) => resolve(error.code ?? error.message));
    outgoing.end(body);
  });
}

async function visit(baseUrl) {
  const formCount = Number(options.forms);
  const result = { pages: 0, forms: 0, failures: [] };
  const start = Date.now();
  const end = start + seconds * 1000;
  const run = Date.now().toString(36);
  for (let round = 0; Date.now() < end; round++) {
    const path = PAGES[round % PAGES.length];
    const page = await send(baseUrl, 'GET', path);
    result.pages++;
    if (page !== 200) result.failures.push(`GET ${path}: ${page}`);
    // The forms spread evenly over the run (they count against the per-address POST limit).
    if (result.forms < formCount && Date.now() - start >= (result.forms * seconds * 1000) / formCount) {
      const form = await send(
        baseUrl,
        'POST',
        '/api/send-email',
        JSON.stringify({
          type: 'contact',
          language: 'en',
          turnstileToken: options['turnstile-token'],
          formData: {
            name: 'Slow Clients',
            email: `visitor-${run}-${result.forms}@example.org`,
            subject: 'During an attack',
            message: `Form ${result.forms + 1} sent while another address held slow connections.`,
          },
        }),
      );
      result.forms++;
      if (form !== 201) result.failures.push(`POST /api/send-email: ${form}`);
    }
    await sleep(100);
  }
  return result;
}

const [attacked, visited] = await Promise.all([
  options.attack ? attack(options.attack, Number(options.connections)) : undefined,
  options.visit ? sleep(options.attack ? 3000 : 0).then(() => visit(options.visit)) : undefined,
]);
const shown = visited && { ...visited, failures: visited.failures.slice(0, 10), failed: visited.failures.length };
process.stdout.write(`${JSON.stringify({ attack: attacked, visit: shown })}\n`);
const problems = [
  attacked && attacked.attempts < attacked.connections && `the attack tried only ${attacked.attempts} connections`,
  visited && visited.failures.length > 0 && `the visitor saw ${visited.failures.length} errors`,
  visited && visited.pages < seconds && `the visitor loaded only ${visited.pages} pages`,
  visited && visited.forms < Number(options.forms) && `the visitor sent only ${visited.forms} forms`,
].filter(Boolean);
for (const problem of problems) process.stderr.write(`slow-clients: ${problem}\n`);
process.exit(problems.length > 0 ? 1 : 0);

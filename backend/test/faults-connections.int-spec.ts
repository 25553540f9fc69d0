import { readFileSync } from 'node:fs';
import { clientKey } from '../src/common/http-limits';
import { AppProcess, useFaultFixture } from './support/faults-app';
import { rawRequest } from './support/raw-http';
import { SlowClients } from './support/slow-clients';
import { sendEmailBody } from './support/submissions';

/**
 * A slow-client attack from one address must not cost any other visitor a single request (docs/architecture.md
 * §7.8). The production build faces clients directly (no TRUST_PROXY), with its fixed limits: 1,000 connections from
 * 127.0.0.2 (every 127/8 address is loopback on Linux), half of them stuck in their headers and half in their body,
 * each re-opened when it closes, for 30 s; meanwhile a visitor on 127.0.0.1 loads pages and sends forms, each on a new
 * connection, and every one must succeed. Without a share per client the attacker takes every connection the
 * server allows and the visitor's connections are closed unanswered.
 */
const ATTACKER = '127.0.0.2';
const ATTACK_CONNECTIONS = 1000;
const ATTACK_MS = 30_000;
const PAGES = ['/', '/en', '/es', '/en/donate', '/en/become-volunteer', '/contact'];

/** This process's limit on open files (Node raises it to the hard limit at start): the attack needs 1,000 sockets. */
function openFileLimit(): number {
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  return !line || line[1] === 'unlimited' ? Infinity : Number(line[1]);
}

/** One request on a new connection; any failure (reset, no answer in 10 s) comes back as its message. */
async function visit(baseUrl: string, method: string, path: string, body?: string): Promise<number | string> {
  try {
    const answer = await Promise.race([
      rawRequest(baseUrl, method, path, body, { accept: 'text/html' }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000)),
    ]);
    return answer.status;
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  }
}

describe('connections: one address cannot take the site from everyone else', () => {
  const fixture = useFaultFixture();
  let app: AppProcess;

  beforeAll(async () => {
    const needed = ATTACK_CONNECTIONS + 500;
    if (openFileLimit() < needed) {
      throw new Error(`This test holds ${ATTACK_CONNECTIONS} sockets: raise the open-file limit (ulimit -n ${needed})`);
    }
    app = AppProcess.main(await fixture.stubs.env(fixture.database.url, { NODE_ENV: 'production' }));
    fixture.apps.push(app);
    await app.waitReady();
  }, 120_000);

  it('counts IPv4 clients by address and IPv6 clients by their /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it(`serves every page and form of another visitor while one address holds ${ATTACK_CONNECTIONS} slow connections`, async () => {
    const { hostname, port } = new URL(app.url);
    const attack = new SlowClients({ host: hostname, port: Number(port) }, ATTACKER, ATTACK_CONNECTIONS).start();
    const failures: string[] = [];
    let pages = 0;
    let forms = 0;
    try {
      // Let the attack take hold before the visitor arrives.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const end = Date.now() + ATTACK_MS - 3000;
      for (let round = 0; Date.now() < end; round++) {
        const path = PAGES[round % PAGES.length];
        const page = await visit(app.url, 'GET', path);
        pages++;
        if (page !== 200) failures.push(`GET ${path}: ${page}`);
        if (round % 3 === 0) {
          const body = JSON.stringify(sendEmailBody('contact', { email: `visitor-${round}@example.org` }));
          const form = await visit(app.url, 'POST', '/api/send-email', body);
          forms++;
          if (form !== 201) failures.push(`POST /api/send-email: ${form}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await attack.stop();
    }
    const seen = { pages, forms, failures: failures.slice(0, 10), failed: failures.length, attack: attack.stats };
    // The visitor kept going for the whole attack and never saw an error.
    expect(seen).toEqual({ ...seen, failures: [], failed: 0 });
    expect(pages).toBeGreaterThanOrEqual(30);
    expect(forms).toBeGreaterThanOrEqual(10);
    // The attack was real: every connection tried at least once, and some held open.
    expect(attack.stats.attempts).toBeGreaterThanOrEqual(ATTACK_CONNECTIONS);
    expect(attack.stats.mostHeld).toBeGreaterThanOrEqual(32);
    expect(app.exited).toBe(false);
  }, 90_000);
});

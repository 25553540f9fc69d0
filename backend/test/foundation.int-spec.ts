import { Client } from 'pg';
import { migrate, readMigrations } from '../src/database/migrator';
import { startTestStack, type TestStack } from './support/test-app';
import { createTestDatabase } from './support/test-database';

describe('foundation: health, status codes, error shape', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it('answers /healthz and /readyz once migrated', async () => {
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it.each([
    ['/', 200],
    ['/es', 200],
    ['/es/', 200],
    ['/en/', 200],
    ['/en/get-help', 200],
    ['/donatie-geannuleerd', 200],
    ['/does-not-exist', 404],
    ['/404', 404],
    ['/test-404', 404],
    ['/error/403', 403],
    ['/test-403', 403],
    ['/admin', 403],
    ['/admin/users', 403],
    ['/security/x', 403],
    ['/api', 403],
    ['/api/send-email', 403],
    ['/en/admin', 403],
    ['/error/500', 500],
    ['/test-500', 500],
    ['/.env', 404],
  ])('GET %s answers %i with a page', async (path, status) => {
    const response = await fetch(`${stack.url}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('serves error pages in the language of the prefix', async () => {
    const html = await (await fetch(`${stack.url}/en/missing-page`)).text();
    expect(html).toContain('lang="en"');
    const spanish = await (await fetch(`${stack.url}/es/admin`)).text();
    expect(spanish).toContain('lang="es"');
  });

  it('redirects /privacy to the Dutch privacy policy and lists 45 URLs in the sitemap (not the 3 sign pages)', async () => {
    const privacy = await fetch(`${stack.url}/privacy`, { redirect: 'manual' });
    expect(privacy.status).toBe(302);
    expect(privacy.headers.get('location')).toMatch(/\.pdf$/);
    const sitemap = await (await fetch(`${stack.url}/sitemap.xml`)).text();
    expect(sitemap.match(/<loc>/g)).toHaveLength(45);
    expect(sitemap).not.toContain('/periodieke-gift/ondertekenen');
    expect(sitemap).toContain('hreflang="x-default"');
    expect(await (await fetch(`${stack.url}/robots.txt`)).text()).toContain('Sitemap:');
  });

  it('sends security headers with a CSP limited to self, Turnstile and Stripe', async () => {
    const response = await fetch(`${stack.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://challenges.cloudflare.com');
    expect(csp).toContain('https://js.stripe.com');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('answers bad API requests with the JSON error shape and honest statuses, never a stack', async () => {
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${stack.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
    const malformed = await post('/api/send-email', '{"type":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, error: expect.any(String) });
    const huge = await post('/api/send-email', JSON.stringify({ x: 'a'.repeat(40_000) }));
    expect(huge.status).toBe(413);
    const body = await huge.json();
    expect(body).toEqual({ success: false, error: expect.any(String) });
    const unknown = await post('/api/unknown', '{}');
    expect(unknown.status).toBe(404);
    const text = await unknown.text();
    expect(text).not.toMatch(/at \w+ \(|node_modules|\/work\//);
  });
});

describe('foundation: migrations', () => {
  it('applies every migration once, records Prisma checksums, and is safe to run concurrently and twice', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const [first, second] = await Promise.all([migrate(database.url), migrate(database.url)]);
      const migrations = readMigrations().map((migration) => migration.name);
      // Each migration applied by exactly one of the two runs.
      expect([...first.applied, ...second.applied].sort()).toEqual(migrations);
      const again = await migrate(database.url);
      expect(again.applied).toEqual([]);
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query('SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"');
      await client.end();
      expect(rows.map((row) => row.migration_name as string).sort()).toEqual(migrations);
      for (const row of rows) {
        expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(row.finished_at).toBeInstanceOf(Date);
      }
    } finally {
      await database.drop();
    }
  });

  it('reports not ready while migrations are missing', async () => {
    const stack = await startTestStack();
    try {
      const client = new Client({ connectionString: stack.database.url });
      await client.connect();
      await client.query('DELETE FROM "_prisma_migrations"');
      await client.end();
      const response = await fetch(`${stack.url}/readyz`);
      expect(response.status).toBe(503);
      expect((await response.json()).detail).toContain('migrations not applied');
    } finally {
      await stack.close();
    }
  });
});

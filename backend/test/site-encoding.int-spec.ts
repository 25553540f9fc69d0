import { ALL_PAGES } from '@stichting/contracts';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { startTestStack, type TestStack } from './support/test-app';

const REPO_ROOT = join(__dirname, '../..');
const BUILD = join(REPO_ROOT, 'frontend/build');
const PRECOMPRESS = join(REPO_ROOT, 'backend/dist/cli/precompress-pages.js');
/** What startTestStack configures (support/test-env.ts). */
const VALUES = { PUBLIC_BASE_URL: 'http://127.0.0.1', TURNSTILE_SITE_KEY: 'test-site-key-0001' };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a fresh connection, the body as sent (fetch would decompress it). */
function get(stack: TestStack, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method, path, agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** A copy of the prerendered site without anything an earlier build compressed. */
async function copyOfBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'site-pages-'));
  await cp(BUILD, dir, { recursive: true, filter: (source) => !source.includes('.precompressed') });
  return dir;
}

/** Answers the site holds in memory, with their status and Vary ("/" may redirect by language, so it varies more). */
const ANSWERS: Array<[string, number, string]> = [
  ['/', 200, 'Accept-Encoding, Accept-Language, Cookie, Sec-Fetch-Site'],
  ['/en', 200, 'Accept-Encoding'],
  ['/es/donar', 200, 'Accept-Encoding'],
  ['/sitemap.xml', 200, 'Accept-Encoding'],
  ['/robots.txt', 200, 'Accept-Encoding'],
  ['/en/no-such-page', 404, 'Accept-Encoding'],
];

const brotli11 = (raw: Buffer): Buffer => brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });

/**
 * Pages, error pages, the sitemap and robots.txt are compressed with brotli and gzip once: by `npm run build` when it
 * is given the PUBLIC_BASE_URL and TURNSTILE_SITE_KEY the server runs with, otherwise on each answer's first request.
 * Either way a visitor's browser sees the same: brotli when it accepts it, else gzip, else the raw bytes, one ETag
 * for all three, `Vary: Accept-Encoding`, and 304 for a matching If-None-Match.
 */
describe.each([
  ['compressed by the build', true],
  ['compressed on first request', false],
])('page answers %s', (_name, precompressed) => {
  let stack: TestStack;
  let staticDir: string;
  /** The build's brotli file of /en, replaced by a different valid encoding of the same bytes to tell them apart. */
  let marker: Buffer | undefined;

  beforeAll(async () => {
    if (!existsSync(join(BUILD, 'index.html'))) throw new Error('frontend/build is missing: run npm run build first');
    if (!existsSync(PRECOMPRESS)) throw new Error('backend/dist is missing: run npm run build first');
    staticDir = await copyOfBuild();
    if (precompressed) {
      const { stdout } = await promisify(execFile)(process.execPath, [PRECOMPRESS], {
        env: { PATH: process.env.PATH, ...VALUES, STATIC_DIR: staticDir },
      });
      // Every page in every language, the error pages (3 statuses in 3 languages), the sitemap and robots.txt.
      const answers = ALL_PAGES.length + 9 + 2;
      expect(stdout).toMatch(
        new RegExp(`^pages: ${answers} answers compressed for http://127\\.0\\.0\\.1 \\(brotli and gzip`),
      );
      const manifest = JSON.parse(await readFile(join(staticDir, '.precompressed/manifest.json'), 'utf8')) as {
        entries: Record<string, { file: string }>;
      };
      const file = join(staticDir, `.precompressed/${manifest.entries['page:/en'].file}.br`);
      const raw = brotliDecompressSync(await readFile(file));
      marker = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } });
      await writeFile(file, marker);
    }
    stack = await startTestStack({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await stack?.close();
    if (staticDir) await rm(staticDir, { recursive: true, force: true });
  });

  it.each(ANSWERS)(
    '%s: brotli, gzip or raw by Accept-Encoding, the same bytes and ETag',
    async (path, status, vary) => {
      const raw = await get(stack, path);
      expect(raw.status).toBe(status);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      expect(raw.headers.vary).toBe(vary);
      expect(raw.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(raw.body.toString('utf8')).toContain(path === '/robots.txt' ? 'Sitemap: http://127.0.0.1/' : '127.0.0.1');
      expect(raw.body.toString('utf8')).not.toMatch(/__PUBLIC_BASE_URL__|__TURNSTILE_SITE_KEY__/);

      const br = await get(stack, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.etag).toBe(raw.headers.etag);
      expect(br.headers.vary).toBe(vary);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
      // robots.txt (78 bytes) is too short for compression to pay; every other answer shrinks to under a third.
      expect(br.body.length < raw.body.length / 3).toBe(path !== '/robots.txt');

      const gzip = await get(stack, path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).toBe(raw.headers.etag);
      expect(gunzipSync(gzip.body).equals(raw.body)).toBe(true);

      const head = await get(stack, path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(status);
      expect(head.headers['content-length']).toBe(String(br.body.length));
      expect(head.body.length).toBe(0);
    },
  );

  it('answers 304 without a body when the ETag matches, in any encoding', async () => {
    const { headers } = await get(stack, '/en');
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = await get(stack, '/en', { 'if-none-match': String(headers.etag), 'accept-encoding': encoding });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(headers.etag);
    }
  });

  it('many first requests at once all get the same complete encoding', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(stack, '/es', { 'accept-encoding': 'br' })));
    const raw = (await get(stack, '/es')).body;
    for (const answer of answers) expect(brotliDecompressSync(answer.body).equals(raw)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.toString('base64'))).size).toBe(1);
  });

  it("serves the build's other files as files; its dot files and any unknown file get the 404 page", async () => {
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/images/mission.svg', 'image/svg+xml'],
      ['/images/og-image.png', 'image/png'],
    ]) {
      const file = await get(stack, path);
      expect({ path, status: file.status, type: file.headers['content-type'] }).toEqual({ path, status: 200, type });
      expect(file.headers['cache-control']).toBe('public, max-age=86400');
      expect(file.body.equals(await readFile(join(staticDir, path)))).toBe(true);
    }
    for (const path of [
      '/wp-login.php',
      '/images/no-such.svg',
      '/.precompressed/manifest.json',
      '/%2e%2e/etc/passwd',
    ]) {
      const answer = await get(stack, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it(
    precompressed ? 'serves the encoding the build wrote' : 'makes the encoding itself when the build made none',
    async () => {
      const br = await get(stack, '/en', { 'accept-encoding': 'br' });
      const raw = (await get(stack, '/en')).body;
      expect(br.body.equals(marker ?? brotli11(raw))).toBe(true);
    },
  );
});

describe('pages the build compressed for other values', () => {
  let stack: TestStack;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await copyOfBuild();
    await promisify(execFile)(process.execPath, [PRECOMPRESS], {
      env: {
        PATH: process.env.PATH,
        ...VALUES,
        PUBLIC_BASE_URL: 'https://www.elsewhere.example',
        STATIC_DIR: staticDir,
      },
    });
    stack = await startTestStack({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await stack?.close();
    if (staticDir) await rm(staticDir, { recursive: true, force: true });
  });

  it("are not served: every encoding carries this server's PUBLIC_BASE_URL", async () => {
    for (const encoding of ['br', 'gzip']) {
      const answer = await get(stack, '/en', { 'accept-encoding': encoding });
      const text = (encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body)).toString('utf8');
      expect(text).toContain('href="http://127.0.0.1/en"');
      expect(text).not.toContain('elsewhere');
    }
  });
});

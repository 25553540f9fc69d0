// Per-route first-load JavaScript of the prerendered site, from Vite's build manifest (run `npm run build` first), and the
// heaviest pages' HTML as served (brotli).
// First load = the entry chunk and the stages it imports dynamically + the route's lazy page chunk + every chunk they
// import statically. Strings are not counted: a prerendered page carries its own in the HTML (app-data island), so no
// locale chunk loads at first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// First-load JS budgets, gzipped (docs/benchmarks.md): the home page, and the donate page (the largest a donor opens).
const BUDGETS_GZIP_KB = { home: 100, donate: 110 };
// Every page's HTML, brotli (as served): a new connection's first round trip carries about 14,600 bytes (ten TCP
// segments), of which the response headers take about 1,250 in production; a page above
// this waits one round trip more for its first paint (docs/benchmarks.md §2.4). The production build's test
// (backend/test/faults-http-edges.int-spec.ts) checks headers and body together on every page as served.
const HTML_BUDGET_BROTLI_BYTES = 13_300;
const frontend = new URL('../frontend/', import.meta.url).pathname;
const manifestPath = join(frontend, 'dist-ssr', 'client-manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build -w frontend\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(join(frontend, 'build', file));
    sizes.set(file, {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
/** The entry with the stages it imports dynamically before hydrating (frontend/src/entry-client.tsx). */
const entryFiles = closure(entryKey);
for (const stage of manifest[entryKey].dynamicImports ?? []) closure(stage, entryFiles);
const pageKeys = Object.keys(manifest)
  .filter((key) => /^src\/features\/[^/]+\/[^/]+\.tsx$/.test(key))
  .sort((a, b) => (a.includes('/home/') ? -1 : b.includes('/home/') ? 1 : a.localeCompare(b)));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
const total = (files) =>
  [...files].reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

console.log(`${'route (feature module)'.padEnd(56)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`);
const entry = total(entryFiles);
console.log(`${`entry only (${entryKey})`.padEnd(56)}${kb(entry.raw)}${kb(entry.gzip)}${kb(entry.brotli)}`);
const measured = {};
for (const key of pageKeys) {
  const files = closure(key, new Set(entryFiles));
  const size = total(files);
  const feature = key.split('/')[2];
  if (feature in BUDGETS_GZIP_KB) measured[feature] = size.gzip;
  console.log(`${key.replace(/^src\/features\//, '').padEnd(56)}${kb(size.raw)}${kb(size.gzip)}${kb(size.brotli)}`);
}
let met = true;
console.log('');
for (const [page, budget] of Object.entries(BUDGETS_GZIP_KB)) {
  const gzip = measured[page];
  const pageMet = gzip !== undefined && gzip <= budget * 1024;
  met &&= pageMet;
  const size = gzip === undefined ? 'not found' : `${kb(gzip).trim()} gzip`;
  console.log(`Budget: ${page} first-load JS ${size} of ${budget} KB: ${pageMet ? 'met' : 'NOT met'}`);
}

/** Every prerendered page of the build, as paths relative to the build directory. */
function pageFiles(dir = '') {
  return readdirSync(join(frontend, 'build', dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === 'assets' || path === 'images' ? [] : pageFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}
const heaviest = pageFiles()
  .map((file) => ({ file, brotli: sizeOf(file).brotli }))
  .sort((a, b) => b.brotli - a.brotli);
const htmlMet = heaviest.length > 0 && heaviest[0].brotli <= HTML_BUDGET_BROTLI_BYTES;
met &&= htmlMet;
console.log(
  `Budget: the heaviest page's HTML ${heaviest
    .slice(0, 3)
    .map(({ file, brotli }) => `${file} ${brotli} B`)
    .join(', ')} (brotli) of ${HTML_BUDGET_BROTLI_BYTES} B: ${htmlMet ? 'met' : 'NOT met'}`,
);
process.exitCode = met ? 0 : 1;

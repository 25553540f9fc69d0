// Renders every page and error page of the route table to static HTML in build/ (see PRERENDER_TARGETS in
// src/entry-server.tsx), using build/index.html (Vite's client build) as the template.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import contracts from '@stichting/contracts';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(root, 'build');
const template = await readFile(join(buildDir, 'index.html'), 'utf8');
const { render, PRERENDER_TARGETS } = await import(pathToFileURL(join(root, 'dist-ssr', 'entry-server.js')).href);

const PLACEHOLDERS = ['<html lang="nl">', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->'];
for (const placeholder of PLACEHOLDERS) {
  if (!template.includes(placeholder)) throw new Error(`build/index.html lacks ${placeholder}`);
}

// First paint needs no further request: the site's one stylesheet (about 6.5 KB gzip) is inlined, and the page's
// own chunk is modulepreloaded next to the entry, so hydration does not wait for a second round trip. The CSP
// allows inline styles (style-src). A chunk with CSS of its own (none while cssCodeSplit is off) is inlined too.
const manifest = JSON.parse(await readFile(join(buildDir, '.vite', 'manifest.json'), 'utf8'));
const pagesSource = await readFile(join(root, 'src', 'app', 'pages.ts'), 'utf8');
const pageModules = Object.fromEntries(
  [...pagesSource.matchAll(/(\w+): \{ load: \(\) => import\('\.\.\/features\/([^']+)'\)/g)].map(([, id, module]) => [
    id,
    `src/features/${module}.tsx`,
  ]),
);
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry, ...(entry.imports ?? []).flatMap((child) => closure(child, seen))];
}
const entryFiles = new Set(closure('index.html').map((chunk) => chunk.file));
const cssText = new Map();
async function inlineStyles(files) {
  const styles = [];
  for (const file of new Set(files)) {
    if (!cssText.has(file)) cssText.set(file, await readFile(join(buildDir, file), 'utf8'));
    styles.push(`<style data-href="/${file}">${cssText.get(file)}</style>`);
  }
  return styles.join('');
}
async function assetsFor(path) {
  const pageId = contracts.pageFromPath(path);
  const chunks = closure(pageId ? pageModules[pageId] : 'src/features/errors/ErrorPages.tsx');
  const preloads = chunks
    .filter((chunk) => !entryFiles.has(chunk.file))
    .map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunk.file}">`)
    .join('');
  return (await inlineStyles([...entryCss, ...chunks.flatMap((chunk) => chunk.css ?? [])])) + preloads;
}

// The template links the site's stylesheet (vite.config.ts: one for the whole site); every page inlines it instead.
const entryStylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
const entryCss = [...template.matchAll(entryStylesheet)].map(([, file]) => file);
if (entryCss.length === 0) throw new Error('build/index.html links no stylesheet to inline');
// The page is complete without JavaScript, so its scripts come after what the first paint needs (the HTML with its
// inlined CSS, then images in view): Chromium would otherwise fetch module scripts at High priority, and
// Lighthouse's simulation counts High-priority scripts that arrive before the first paint as render-blocking.
const scriptTag = /<(script type="module"|link rel="modulepreload") crossorigin /g;
const pageTemplate = template.replace(entryStylesheet, '').replace(scriptTag, '<$1 crossorigin fetchpriority="low" ');
if (!/<script type="module" crossorigin fetchpriority="low" src=/.test(pageTemplate)) {
  throw new Error('build/index.html: the entry script tag was not found');
}

const started = Date.now();
for (const { path, file } of PRERENDER_TARGETS) {
  const page = await render(path);
  const assets = await assetsFor(path);
  // Replacer functions: the HTML may contain "$&" and friends, which string replacements would interpret.
  const html = pageTemplate
    .replace('<html lang="nl">', () => `<html lang="${page.language}">`)
    .replace('<!--app-head-->', () => page.head + assets)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => `<script type="application/json" id="app-data">${page.data}</script>`);
  const target = join(buildDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
}

// The build manifest is for scripts/size.mjs, not for visitors: keep it out of the served directory.
await rename(join(buildDir, '.vite', 'manifest.json'), join(root, 'dist-ssr', 'client-manifest.json'));
await rm(join(buildDir, '.vite'), { recursive: true, force: true });

console.log(`prerendered ${PRERENDER_TARGETS.length} pages into build/ in ${Date.now() - started} ms`);

// Renders every page and error page of the route table to static HTML in build/ (see PRERENDER_TARGETS in
// src/entry-server.tsx), using build/index.html (Vite's client build) as the template.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(root, 'build');
const template = await readFile(join(buildDir, 'index.html'), 'utf8');
const { render, routeModuleFor, PRERENDER_TARGETS } = await import(
  pathToFileURL(join(root, 'dist-ssr', 'entry-server.js')).href
);

const PLACEHOLDERS = ['<html lang="nl">', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->'];
for (const placeholder of PLACEHOLDERS) {
  if (!template.includes(placeholder)) throw new Error(`build/index.html lacks ${placeholder}`);
}

// First paint needs no further request: the site's one stylesheet (about 6.5 KB gzip) is inlined, and the page's
// own chunk is modulepreloaded next to the entry, so hydration does not wait for a second round trip. The CSP
// allows inline styles (style-src).
const manifest = JSON.parse(await readFile(join(buildDir, '.vite', 'manifest.json'), 'utf8'));
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry, ...(entry.imports ?? []).flatMap((child) => closure(child, seen))];
}
const entryFiles = new Set(closure('index.html').map((chunk) => chunk.file));
// The page is complete without JavaScript, so its scripts come after what the first paint needs (the HTML with its
// inlined CSS, then images in view): Chromium would otherwise fetch module scripts at High priority, and
// Lighthouse's simulation counts High-priority scripts that arrive before the first paint as render-blocking.
const modulePreload = (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`;
/**
 * The preload tags of the chunk that renders `path` (the page's module, which the SSR bundle names from the page
 * registry, src/app/pages.ts) and of the chunks it imports, minus those the entry already loads. The build fails if
 * that module is not a chunk of its own: the page would hydrate only after a second round trip.
 */
function assetsFor(path) {
  const module = routeModuleFor(path);
  const own = manifest[module];
  if (!own?.isDynamicEntry || entryFiles.has(own.file)) {
    throw new Error(`${path}: ${module} is not a chunk of its own in the client build (.vite/manifest.json)`);
  }
  const chunks = closure(module);
  const ownCss = chunks.flatMap((chunk) => chunk.css ?? []);
  if (ownCss.length) throw new Error(`${path}: chunk CSS ${ownCss.join(', ')} (vite.config.ts keeps one stylesheet)`);
  return {
    pageChunk: own.file,
    tags: chunks
      .filter((chunk) => !entryFiles.has(chunk.file))
      .map((chunk) => modulePreload(chunk.file))
      .join(''),
  };
}

// The template links the site's one stylesheet (vite.config.ts) and the entry's scripts: the stylesheet is inlined,
// the scripts get low priority (above).
const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const stylesheet = stylesheetLink.exec(template)?.[1];
if (!stylesheet) throw new Error('build/index.html links no stylesheet to inline');
const styleTag = `<style data-href="/${stylesheet}">${await readFile(join(buildDir, stylesheet), 'utf8')}</style>`;
const pageTemplate = template
  .replace(stylesheetLink, '')
  .replace('<!--app-head-->', () => `<!--app-head-->${styleTag}`)
  .replace(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (_, file) => modulePreload(file))
  .replace('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=');
if (!pageTemplate.includes('fetchpriority="low" src=') || stylesheetLink.test(pageTemplate)) {
  throw new Error('build/index.html: expected one stylesheet link and the entry script tag');
}

const started = Date.now();
for (const { path, file } of PRERENDER_TARGETS) {
  const page = await render(path);
  const assets = assetsFor(path);
  // Replacer functions: the HTML may contain "$&" and friends, which string replacements would interpret.
  const html = pageTemplate
    .replace('<html lang="nl">', () => `<html lang="${page.language}">`)
    .replace('<!--app-head-->', () => page.head + assets.tags)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => `<script type="application/json" id="app-data">${page.data}</script>`);
  if (!html.includes(modulePreload(assets.pageChunk))) {
    throw new Error(`${path}: the page lacks the modulepreload of its chunk ${assets.pageChunk}`);
  }
  const target = join(buildDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
}

// The build manifest is for scripts/size.mjs, not for visitors: keep it out of the served directory.
await rename(join(buildDir, '.vite', 'manifest.json'), join(root, 'dist-ssr', 'client-manifest.json'));
await rm(join(buildDir, '.vite'), { recursive: true, force: true });

console.log(`prerendered ${PRERENDER_TARGETS.length} pages into build/ in ${Date.now() - started} ms`);

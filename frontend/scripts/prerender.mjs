// Renders every page and error page of the route table to static HTML in build/ (see PRERENDER_TARGETS in
// src/entry-server.tsx), using build/index.html (Vite's client build) as the template.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAGE_BOOT_SCRIPT, PAGE_MODULES_ID } from '@stichting/contracts';

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

// First paint needs no further request and no script: the site's one stylesheet (about 6.5 KB gzip) is inlined (the
// CSP allows inline styles), and the page names its modules in a data island that the boot script reads after the
// first frame is painted (contracts/src/page-boot.ts, docs/architecture.md §3.2). The entry and the page's own chunk
// are then fetched together, so hydration does not wait for a second round trip.
const manifest = JSON.parse(await readFile(join(buildDir, '.vite', 'manifest.json'), 'utf8'));
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry, ...(entry.imports ?? []).flatMap((child) => closure(child, seen))];
}
// The entry imports its stages dynamically (src/entry-client.tsx): they belong to every page's first load too.
const entryKeys = ['index.html', ...(manifest['index.html'].dynamicImports ?? [])];
const entryChunks = [...new Set(entryKeys.flatMap((key) => closure(key)))];
const entryFiles = new Set(entryChunks.map((chunk) => chunk.file));
/**
 * The modules that hydrate `path`: the entry and the chunks it imports, then the chunk that renders the page (the page's
 * module, which the SSR bundle names from the page registry, src/app/pages.ts) and the chunks it imports, minus those the
 * entry already loads. The build fails if that module is not a chunk of its own: the page would hydrate only after a
 * second round trip.
 */
function modulesFor(path) {
  const module = routeModuleFor(path);
  const own = manifest[module];
  if (!own?.isDynamicEntry || entryFiles.has(own.file)) {
    throw new Error(`${path}: ${module} is not a chunk of its own in the client build (.vite/manifest.json)`);
  }
  const chunks = closure(module);
  const ownCss = chunks.flatMap((chunk) => chunk.css ?? []);
  if (ownCss.length) throw new Error(`${path}: chunk CSS ${ownCss.join(', ')} (vite.config.ts keeps one stylesheet)`);
  const files = [...entryChunks, ...chunks.filter((chunk) => !entryFiles.has(chunk.file))].map(
    (chunk) => `/${chunk.file}`,
  );
  return { pageChunk: `/${own.file}`, files };
}

// The template links the site's one stylesheet (vite.config.ts) and the entry's scripts: the stylesheet is inlined,
// the script tags give way to the boot script (above).
const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const stylesheet = stylesheetLink.exec(template)?.[1];
if (!stylesheet) throw new Error('build/index.html links no stylesheet to inline');
const styleTag = `<style data-href="/${stylesheet}">${await readFile(join(buildDir, stylesheet), 'utf8')}</style>`;
const entryScript = /<script type="module" crossorigin src="\/[^"]+"><\/script>/;
const entryPreloads = /<link rel="modulepreload" crossorigin href="\/[^"]+">/g;
if (!entryScript.test(template)) throw new Error('build/index.html: expected the entry script tag');
const pageTemplate = template
  .replace(stylesheetLink, '')
  .replace('<!--app-head-->', () => `<!--app-head-->${styleTag}`)
  .replace(entryPreloads, '')
  .replace(entryScript, '');
if (stylesheetLink.test(pageTemplate) || /<script[^>]* src=|modulepreload/.test(pageTemplate)) {
  throw new Error('build/index.html: expected one stylesheet link and the entry script tag');
}
// A JSON data island may not end its script element early: "<" is written as its escape.
const modulesIsland = (files) =>
  `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(files).replaceAll('<', '\\u003c')}</script>`;

const started = Date.now();
for (const { path, file } of PRERENDER_TARGETS) {
  const page = await render(path);
  const modules = modulesFor(path);
  // Replacer functions: the HTML may contain "$&" and friends, which string replacements would interpret.
  const html = pageTemplate
    .replace('<html lang="nl">', () => `<html lang="${page.language}">`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace(
      '<!--app-data-->',
      () =>
        `<script type="application/json" id="app-data">${page.data}</script>` +
        `${modulesIsland(modules.files)}<script>${PAGE_BOOT_SCRIPT}</script>`,
    );
  if (!modules.files.includes(modules.pageChunk))
    throw new Error(`${path}: its chunk ${modules.pageChunk} is not named`);
  const target = join(buildDir, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
}

// The build manifest is for scripts/size.mjs, not for visitors: keep it out of the served directory.
await rename(join(buildDir, '.vite', 'manifest.json'), join(root, 'dist-ssr', 'client-manifest.json'));
await rm(join(buildDir, '.vite'), { recursive: true, force: true });

console.log(`prerendered ${PRERENDER_TARGETS.length} pages into build/ in ${Date.now() - started} ms`);

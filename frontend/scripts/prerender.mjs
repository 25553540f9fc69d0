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

// Each page's own stylesheets (split out by Vite with its lazy chunk) are linked in its HTML, so the first paint
// is already styled and nothing shifts when the chunk arrives.
const manifest = JSON.parse(await readFile(join(buildDir, '.vite', 'manifest.json'), 'utf8'));
const pagesSource = await readFile(join(root, 'src', 'app', 'pages.ts'), 'utf8');
const pageModules = Object.fromEntries(
  [...pagesSource.matchAll(/(\w+): \{ load: \(\) => import\('\.\.\/features\/([^']+)'\)/g)].map(([, id, module]) => [
    id,
    `src/features/${module}.tsx`,
  ]),
);
const entryCss = new Set(manifest['index.html']?.css ?? []);
function cssOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...(entry.css ?? []), ...(entry.imports ?? []).flatMap((child) => cssOf(child, seen))];
}
function stylesheetsFor(path) {
  const pageId = contracts.pageFromPath(path);
  const key = pageId ? pageModules[pageId] : 'src/features/errors/ErrorPages.tsx';
  return [...new Set(cssOf(key))].filter((file) => !entryCss.has(file));
}

const started = Date.now();
for (const { path, file } of PRERENDER_TARGETS) {
  const page = await render(path);
  // Replacer functions: the HTML may contain "$&" and friends, which string replacements would interpret.
  const html = template
    .replace('<html lang="nl">', () => `<html lang="${page.language}">`)
    .replace(
      '<!--app-head-->',
      () =>
        page.head +
        stylesheetsFor(path)
          .map((f) => `<link rel="stylesheet" href="/${f}">`)
          .join(''),
    )
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

#!/usr/bin/env node
/**
 * `node scripts/image/runtime-files.mjs <root> <dest>`: copies to <dest> exactly the files the built server in <root>
 * loads at run time, for the container image (docker/Dockerfile, docs/architecture.md §9.12): the backend's compiled JavaScript and
 * the files of its dependencies that it requires, found by following every require and import from the entry
 * points with @vercel/nft (the tracer Next.js's standalone output uses). Not copied: sources, tests, source maps,
 * type declarations, build tools, and whatever a package ships but the server never loads (Prisma's CLI and its
 * engines, the query compilers of other databases, browser bundles). Each package keeps its licence files.
 *
 * The prerendered site (frontend/build) and the migrations (prisma/migrations) are data the server reads from
 * folders; the Dockerfile copies them whole.
 *
 * <root> holds the build (backend/dist, contracts/dist, the package.json files) and a production-only install
 * (`npm ci --omit=dev --omit=optional`): a package the server would load only if it happened to be installed (an
 * optional require in a try/catch, such as supports-color for debug) is then absent, as in production. As a second
 * guard the copy fails if a traced file belongs to a development-only package of package-lock.json. Prints what it
 * copied, largest packages first.
 */
import { nodeFileTrace } from '@vercel/nft';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [root, dest] = process.argv.slice(2).map((path) => resolve(path));
if (!root || !dest) {
  console.error(
    'usage: node scripts/image/runtime-files.mjs <root with the build and a production install> <destination>',
  );
  process.exit(2);
}
const ROOT = root;
const LOCK = join(dirname(fileURLToPath(import.meta.url)), '../../package-lock.json');

/** Every process the image can start: web, worker, migrations, staff commands. */
const cliDir = join(ROOT, 'backend/dist/cli');
/**
 * Modules a package loads in a way the tracer does not follow, traced as entry points of their own: pdfkit (the
 * yearly statement PDF) requires its standard fonts through its package.json `imports` (`#standard-fonts/*`). The
 * container test renders a statement inside the image (scripts/test-container.sh).
 */
const PDFKIT_FONTS = join(ROOT, 'node_modules/pdfkit/js/standard-fonts');
const untraced = existsSync(PDFKIT_FONTS)
  ? readdirSync(PDFKIT_FONTS)
      .filter((name) => name.endsWith('.cjs'))
      .map((name) => join(PDFKIT_FONTS, name))
  : [];
const entries = [
  ...untraced,
  join(ROOT, 'backend/dist/main.js'),
  join(ROOT, 'backend/dist/worker.js'),
  ...readdirSync(cliDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(cliDir, name)),
];

/** Data folders the Dockerfile copies itself, and files that are never code. */
const skipped = (path) =>
  path.startsWith('frontend/') || path.startsWith('prisma/') || /\.(map|d\.ts|d\.mts|d\.cts|ts|md)$/.test(path);

const { fileList, warnings } = await nodeFileTrace(entries, { base: ROOT, processCwd: ROOT, ignore: skipped });
const outside = [...fileList].filter((path) => path.startsWith('..') || path.startsWith('/'));
if (outside.length > 0) {
  console.error(`The server loads files outside ${ROOT}:\n  ${outside.join('\n  ')}`);
  process.exit(1);
}

/** The package folder a path belongs to ("node_modules/a/node_modules/@b/c"), or undefined outside node_modules. */
function packageDir(path) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(path);
  return match?.[1];
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8')).packages;
const packages = new Set([...fileList].map(packageDir).filter(Boolean));
const devOnly = [...packages].filter((dir) => lock[dir]?.dev || lock[dir]?.devOptional);
if (devOnly.length > 0) {
  console.error(`The server loads development-only packages; make them dependencies first:\n  ${devOnly.join('\n  ')}`);
  process.exit(1);
}

const LICENCE = /^(licen[cs]e|notice|copying)(\.|$)/i;
const files = new Set(fileList);

/** pdfkit's colour profile, which it reads by URL (the tracer follows requires and file reads, not URLs). */
const PDFKIT_PROFILE = 'node_modules/pdfkit/js/data/sRGB_IEC61966_2_1.icc';
if (packages.has('node_modules/pdfkit')) files.add(PDFKIT_PROFILE);
for (const dir of packages) {
  if (lstatSync(join(ROOT, dir)).isSymbolicLink()) continue; // a workspace package: its own folder is traced
  for (const name of readdirSync(join(ROOT, dir))) if (LICENCE.test(name)) files.add(`${dir}/${name}`);
}

const sizes = new Map();
let total = 0;
for (const path of [...files].sort()) {
  const source = join(ROOT, path);
  const target = join(dest, path);
  mkdirSync(dirname(target), { recursive: true });
  const stat = lstatSync(source);
  if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
  else if (stat.isFile()) {
    copyFileSync(source, target);
    total += stat.size;
    const key = packageDir(path)?.replace(/^.*node_modules\//, '') ?? path.split('/').slice(0, 2).join('/');
    sizes.set(key, (sizes.get(key) ?? 0) + stat.size);
  }
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
console.log(`${files.size} files, ${mb(total)} from ${packages.size} packages and the build, to ${dest}`);
for (const [name, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${mb(size)}  ${name}`);
const unresolved = [...new Set([...warnings].map((warning) => String(warning.message).split('\n')[0]))];
if (unresolved.length > 0) console.log(`not found (optional, never installed):\n  ${unresolved.join('\n  ')}`);

// The W3C Nu HTML Checker (the `vnu-jar` package, run offline with Java) over every page the build prerendered
// (frontend/build/**/*.html: the routes of contracts/src/routes.ts in every language and the error pages), as
// `npm run check:html` and a step of `npm test`. Any error fails; warnings are printed, not counted.
//   node scripts/html-check.mjs [directory]   (default frontend/build)
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const directory = resolve(root, process.argv[2] ?? 'frontend/build');
const jar = createRequire(import.meta.url)('vnu-jar');

const pages = readdirSync(directory, { recursive: true })
  .filter((file) => String(file).endsWith('.html'))
  .map((file) => join(directory, String(file)))
  .sort();
if (pages.length === 0) {
  console.error(`No prerendered pages in ${relative(root, directory)}: run \`npm run build\` first.`);
  process.exit(1);
}

// vnu writes its JSON report to stderr; --exit-zero-always leaves the verdict to this script.
const run = spawnSync('java', ['-jar', String(jar), '--format', 'json', '--exit-zero-always', ...pages], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error || run.status !== 0) {
  const missing = run.error?.code === 'ENOENT';
  console.error(
    missing ? 'The HTML check needs Java (e.g. openjdk-17-jre-headless).' : (run.error?.message ?? run.stderr),
  );
  process.exit(1);
}
const messages = JSON.parse(run.stderr).messages;
const where = (message) =>
  `${relative(directory, fileURLToPath(message.url))}${message.lastLine ? `:${message.lastLine}` : ''}`;
const errors = messages.filter((message) => message.type === 'error' || message.subType === 'fatal');
const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning');
for (const message of warnings) console.log(`warning ${where(message)}: ${message.message}`);
for (const message of errors)
  console.error(`ERROR ${where(message)}: ${message.message}\n    ${message.extract ?? ''}`);
console.log(
  `HTML check (W3C Nu ${execFileSync('java', ['-jar', String(jar), '--version'], { encoding: 'utf8' }).trim()}): ${pages.length} pages, ${errors.length} errors, ${warnings.length} warnings`,
);
process.exit(errors.length === 0 ? 0 : 1);

#!/usr/bin/env node
// The staff commands the guides print, as the tests run them: every line of a ```sh block in docs/staff-exports.md,
// docs/staff-exports.nl.md and the README's "Staff commands" is a command staff may copy (a `#` starts a comment).
// Each is one of three forms, and anything else is an error, so a guide cannot show a command no test runs:
//   docker compose exec -T app site <command> <args> [> file]   on the server, in the image (no npm there)
//   npm run [-s] <command> [-- <args>] [> file]                  on a developer machine, after `npm run build`
//   docker compose <cp|ps|up -d> ...                             Compose itself (cp: a file an earlier line wrote)
//
//   node scripts/staff-commands.mjs            the commands as JSON, one object per line
//   node scripts/staff-commands.mjs --site     the image's form only: `<command> <args>|<redirect file>|<stripe>`
//                                              lines (`stripe`: asks Stripe too), and `cp <path>` for a copy out
// Used by scripts/test-container.sh (in the image) and backend/test/staff-commands.int-spec.ts (npm and site forms
// on a checkout), which also checks that the README's commands are the guides' commands.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const GUIDES = ['docs/staff-exports.md', 'docs/staff-exports.nl.md', 'README.md'];

/** The staff commands of the site; `donations reconcile` and `check-stripe` also ask Stripe. */
const COMMANDS = new Set(['export', 'purge', 'erase', 'mail', 'donations', 'requests', 'periodic']);
const SITE = /^docker compose exec -T app site (\S+)(.*)$/;
const NPM = /^npm run (-s )?(\S+)(?: --( .*))?$/;
const COMPOSE = /^docker compose (cp app:(\/\S+) \.|ps|up -d)$/;

/** One command line of a guide. */
function parseLine(file, lineNumber, raw) {
  const text = raw.replace(/\s+#.*$/, '').trim();
  const where = `${file}:${lineNumber}`;
  if (/["'`\\|;&$]/.test(text))
    throw new Error(`${where}: no quotes, pipes or shell syntax in a guide's command: ${text}`);
  const [commandPart, redirect, ...extra] = text.split(/\s+>\s+/);
  if (extra.length > 0) throw new Error(`${where}: one > at most: ${text}`);
  let match;
  if ((match = SITE.exec(commandPart))) {
    return entry('site', match[1], match[2], redirect);
  }
  if ((match = NPM.exec(commandPart))) {
    if (redirect && !match[1])
      throw new Error(`${where}: redirect npm's output with "npm run -s", or npm's banner lands in the file: ${text}`);
    return entry('npm', match[2], match[3] ?? '', redirect);
  }
  if ((match = COMPOSE.exec(text))) {
    return { file, line: lineNumber, text, form: 'compose', copies: match[2] };
  }
  throw new Error(`${where}: not a staff command of a known form (see scripts/staff-commands.mjs): ${text}`);

  function entry(form, command, rest, redirectTo) {
    if (!COMMANDS.has(command)) throw new Error(`${where}: unknown staff command "${command}": ${text}`);
    const args = rest.trim() === '' ? [] : rest.trim().split(/\s+/);
    const needsStripe = command === 'donations' && /^(reconcile|check-stripe)$/.test(args[0] ?? '');
    return { file, line: lineNumber, text, form, command, args, redirect: redirectTo, needsStripe };
  }
}

/** The command lines of one guide's ```sh blocks (the README: only under "## Staff commands"). */
export function guideCommands(file) {
  const lines = readFileSync(resolve(ROOT, file), 'utf8').split('\n');
  const commands = [];
  let inBlock = false;
  let section = '';
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (!inBlock && /^## /.test(line)) section = line;
    if (/^```sh$/.test(trimmed)) inBlock = true;
    else if (inBlock && trimmed === '```') inBlock = false;
    else if (inBlock && trimmed !== '' && !trimmed.startsWith('#')) {
      if (file === 'README.md' && section !== '## Staff commands') return;
      commands.push(parseLine(file, index + 1, trimmed));
    }
  });
  return commands;
}

/** Every guide's commands, in order. */
export function allGuideCommands() {
  return GUIDES.flatMap(guideCommands);
}

/**
 * What a command does, whichever form it is written in: its command and arguments without where the result goes
 * (`--output` and its file, a `>`), so the README's `npm run` line and a guide's `site` line compare equal.
 */
export function meaning(command) {
  const args = [];
  for (let i = 0; i < command.args.length; i++) {
    if (command.args[i] === '--output') i++;
    else args.push(command.args[i]);
  }
  return [command.command, ...args].join(' ');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const commands = allGuideCommands();
  if (process.argv.includes('--site')) {
    for (const command of commands) {
      const needs = command.needsStripe ? 'stripe' : '';
      if (command.form === 'site') {
        console.log(`${[command.command, ...command.args].join(' ')}|${command.redirect ?? ''}|${needs}`);
      }
      if (command.form === 'compose' && command.copies) console.log(`cp ${command.copies}||`);
    }
  } else {
    for (const command of commands) console.log(JSON.stringify(command));
  }
}

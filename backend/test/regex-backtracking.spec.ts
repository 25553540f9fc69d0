import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import ts from 'typescript';
import { sameSiteJsonOnly } from '../src/common/same-site-json.middleware';

/**
 * Every regular expression literal in the server's code (backend/src and contracts/src) is run against long
 * adversarial inputs built from its own characters: a run of one character (or of a literal word of the pattern)
 * after a short prefix, ending in a character that makes the match fail. A backtracking-prone pattern such as
 * /\/+$/ on "/////…/a" costs time quadratic in the input; a safe one costs time linear in it.
 *
 * Work is compared, not clock time against a budget: the cost of one 16 KB input against the cost of sixteen
 * 1 KB inputs (the same number of characters). A linear pattern gives a ratio near 1, a quadratic one near 16; the
 * limit is 4, and each side is the median of several alternating runs, so a busy machine moves both sides alike.
 * Inputs that finish a 16 KB run in well under a millisecond are linear without further measurement.
 *
 * A pattern that is only ever applied to configuration, or to short text that something else bounds, may be listed
 * in EXEMPT with the reason; anything applied to request data must pass.
 */
const REPO = join(__dirname, '../..');
const SCANNED = ['backend/src', 'contracts/src'];
const SMALL = 1024;
const LARGE = 16 * SMALL;
const QUICK_PASS_MS = 0.5;
const MAX_RATIO = 4;
const RUNS = 5;

/**
 * `file: pattern` -> why it may stay as it is: it never sees request data, or only text whose length something else
 * bounds to a few hundred characters. Keep this short; prefer a linear pattern.
 */
const EXEMPT: Record<string, string> = {
  'backend/src/config/parse.ts: /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/': 'STAFF_EMAIL and MAIL_FROM, read once at startup',
  'backend/src/config/parse.ts: /<([^>]+)>\\s*$/': 'MAIL_FROM, read once at startup',
  'backend/src/mail/email-delivery.ts: /<([^>]+)>\\s*$/': 'MAIL_FROM (configuration)',
  'backend/src/mail/mail.transport.ts: /[^\\s<>@"\']+@[^\\s<>@"\']+/g':
    "an SMTP server's reply line (a few hundred characters), never the request itself",
  'backend/src/rate-limit/address-key.ts: /(\\d+)\\.(\\d+)\\.(\\d+)\\.(\\d+)$/':
    'only a string isIPv6 accepted: an IPv6 address, at most 45 characters',
};

/**
 * Files that build a pattern with `new RegExp(...)`, which this check cannot read -> why that is safe. Anything else
 * must use a literal.
 */
const CONSTRUCTED: Record<string, string> = {
  'backend/src/common/api-error.ts':
    "an alternation of fixed phrases, applied to database drivers' error messages, never to request data",
};

/** `new RegExp(...)` calls found, as `file:line`, by file. */
const constructedPatterns: Array<{ file: string; where: string }> = [];

interface Literal {
  where: string;
  key: string;
  regex: RegExp;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function regexLiterals(): Literal[] {
  const found: Literal[] = [];
  for (const file of SCANNED.flatMap((directory) => sourceFiles(join(REPO, directory)))) {
    const name = relative(REPO, file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        constructedPatterns.push({ file: name, where: `${name}:${line}` });
      }
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        // Global and sticky flags only change where a search starts; the question is the cost of one search.
        const flags = text.slice(end + 1).replace(/[gy]/g, '');
        found.push({ where: `${name}:${line}`, key: `${name}: ${text}`, regex: new RegExp(text.slice(1, end), flags) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const CLASS_SAMPLES: Record<string, string[]> = { s: [' ', '\t'], d: ['0'], w: ['a', '_'], b: [], B: [] };
const ALWAYS = [' ', 'a', 'A', '0', '-', '.', '/', '@', '<', '%', '\n', '\u00e9'];
const ENDINGS = ['', '!', 'a', ' ', '\n', '\u0000', '/'];

/** Characters and literal words the pattern mentions, plus a few that every pattern gets. */
function alphabet(regex: RegExp): { chars: string[]; words: string[] } {
  const chars = new Set(ALWAYS);
  const words: string[] = [];
  let word = '';
  const source = regex.source;
  for (let i = 0; i < source.length; i++) {
    let char = source[i];
    if (char === '\\' && i + 1 < source.length) {
      char = source[++i];
      const samples = CLASS_SAMPLES[char] ?? CLASS_SAMPLES[char.toLowerCase()];
      if (samples) {
        samples.forEach((sample) => chars.add(sample));
        if (word.length > 1) words.push(word);
        word = '';
        continue;
      }
    } else if ('^$.*+?()[]{}|'.includes(char)) {
      if (word.length > 1) words.push(word);
      word = '';
      continue;
    }
    chars.add(char);
    word += char;
  }
  if (word.length > 1) words.push(word);
  return { chars: [...chars], words };
}

/** What is timed: a pattern's search, or a piece of request handling that runs patterns on its input. */
type Work = RegExp | ((input: string) => unknown);

function costOf(work: Work, inputs: string[]): number {
  const run = work instanceof RegExp ? (input: string) => work.test(input) : work;
  const start = performance.now();
  for (const input of inputs) run(input);
  return performance.now() - start;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * The ratio of the cost of one LARGE input to LARGE/SMALL inputs of SMALL characters; about 1 when linear. A loaded
 * machine only ever makes a measurement look worse, so a ratio over the limit is measured again (up to three times)
 * and the lowest counts: a quadratic pattern is over it every time, by far.
 */
function growth(regex: Work, build: (length: number) => string): number {
  let lowest = Infinity;
  for (let attempt = 0; attempt < 3 && lowest > MAX_RATIO; attempt++)
    lowest = Math.min(lowest, measureGrowth(regex, build));
  return lowest;
}

function measureGrowth(regex: Work, build: (length: number) => string): number {
  const large = [build(LARGE)];
  const small = new Array<string>(LARGE / SMALL).fill(build(SMALL));
  if (costOf(regex, large) < QUICK_PASS_MS) return 1;
  const largeCosts: number[] = [];
  const smallCosts: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    largeCosts.push(costOf(regex, large));
    smallCosts.push(costOf(regex, small));
  }
  return median(largeCosts) / Math.max(median(smallCosts), 0.01);
}

describe('regular expressions in the server code', () => {
  const literals = regexLiterals();

  it('finds the patterns it is meant to check', () => {
    expect(literals.length).toBeGreaterThan(20);
    expect(literals.some(({ where }) => where.startsWith('backend/src/site/'))).toBe(true);
    expect(literals.some(({ where }) => where.startsWith('contracts/src/routes.ts'))).toBe(true);
  });

  it('lists only exemptions that still exist', () => {
    const keys = new Set(literals.map(({ key }) => key));
    expect(Object.keys(EXEMPT).filter((key) => !keys.has(key))).toEqual([]);
    const files = new Set(constructedPatterns.map(({ file }) => file));
    expect(Object.keys(CONSTRUCTED).filter((file) => !files.has(file))).toEqual([]);
  });

  it('builds no pattern with new RegExp(...) outside the files listed (it cannot be checked here; use a literal)', () => {
    expect(constructedPatterns.filter(({ file }) => !CONSTRUCTED[file]).map(({ where }) => where)).toEqual([]);
  });

  it('recognises a quadratic pattern (the check can fail)', () => {
    expect(growth(/\/+$/, (length) => `${'/'.repeat(length)}a`)).toBeGreaterThan(MAX_RATIO);
    expect(growth(/<([^>]+)>\s*$/, (length) => '<'.repeat(length))).toBeGreaterThan(MAX_RATIO);
  });

  it('the same-site check looks at a path of many slashes in time linear in its length', () => {
    // What the middleware runs per POST: the path in lower case, trailing slashes dropped, then the API checks.
    const check = sameSiteJsonOnly('https://www.example.org', ['/api/stripe/webhook']);
    const post = (path: string) =>
      check(
        { method: 'POST', path, get: () => undefined } as unknown as Request,
        {} as Response,
        (() => undefined) as NextFunction,
      );
    for (const ending of ['a', '/a', '']) {
      for (const prefix of ['', '/api', 'a']) {
        const build = (length: number) => `${prefix}${'/'.repeat(length)}${ending}`;
        expect({ prefix, ending, linear: growth(post, build) <= MAX_RATIO }).toEqual({ prefix, ending, linear: true });
      }
    }
  });

  it('every pattern costs time linear in its input (no catastrophic or quadratic backtracking)', () => {
    const slow: string[] = [];
    for (const { where, key, regex } of literals) {
      if (EXEMPT[key]) continue;
      const { chars, words } = alphabet(regex);
      const prefixes = ['', ...chars.map((char) => `a${char}`)];
      search: for (const pump of [...chars, ...words]) {
        for (const prefix of prefixes) {
          for (const ending of ENDINGS) {
            const build = (length: number) => prefix + pump.repeat(Math.ceil(length / pump.length)) + ending;
            const ratio = growth(regex, build);
            if (ratio > MAX_RATIO) {
              slow.push(
                `${where} ${regex}: ${JSON.stringify(prefix)} + ${JSON.stringify(pump)}… + ${JSON.stringify(ending)} (x${ratio.toFixed(1)})`,
              );
              break search;
            }
          }
        }
      }
    }
    expect(slow).toEqual([]);
  });
});

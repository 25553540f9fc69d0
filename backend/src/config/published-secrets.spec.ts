import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isPlaceholderSecret,
  processDonorLinkSecret,
  PUBLISHED_PLACEHOLDERS,
  PUBLISHED_SECRET_SETTINGS,
  reusedSecrets,
} from './published-secrets';

const ROOT = join(__dirname, '../../..');

/**
 * Test code makes up its own values (backend/test/support/test-env.ts generates them per run); these paths hold test
 * fixtures, never a value an operator copies: the search below leaves them out.
 */
const TEST_CODE = [
  /\.(int-)?spec\.tsx?$/,
  /^backend\/test\//,
  /^e2e\//,
  /^frontend\/src\/.*\.test\.tsx?$/,
  /^scripts\/bench\//,
  /^scripts\/test-[^/]+\.sh$/,
];

/** Tracked text files an operator may read or copy values from. */
function publishedFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return tracked.filter(
    (path) =>
      path !== '' &&
      !TEST_CODE.some((pattern) => pattern.test(path)) &&
      !/\.(png|jpe?g|webp|avif|gif|ico|woff2?|ttf|pdf|xlsx|br|gz)$/i.test(path) &&
      path !== 'package-lock.json',
  );
}

const ASSIGNED = new RegExp(
  `\\b(${PUBLISHED_SECRET_SETTINGS.join('|')})\\b['"]?[ \\t]*[:=][ \\t]*['"]?([^\\s'"\`|,;)}]*)`,
  'g',
);

/** Values a file gives the guarded settings, and every whsec_… it writes anywhere. */
function valuesIn(text: string): string[] {
  const values = [...text.matchAll(/\bwhsec_[A-Za-z0-9_-]+/g)].map((match) => match[0]);
  for (const [, , value] of text.matchAll(ASSIGNED)) {
    // Empty, an expansion (${NAME:-}, $(openssl …)), an ellipsis, a constant's name or other code: not a value.
    if (
      !/^[\w+/=.~-]{6,}$/.test(value) ||
      /^[A-Z][A-Z0-9_]*$/.test(value) ||
      /^(undefined|null|true|false)$/.test(value)
    )
      continue;
    values.push(value);
  }
  return values;
}

describe('values published in this repository never verify or sign anything (docs/stripe-setup.md §1)', () => {
  it('finds the values the templates shipped, so the search below would see a new one', () => {
    expect(valuesIn('STRIPE_WEBHOOK_SECRET=whsec_replace_me')).toEqual(['whsec_replace_me', 'whsec_replace_me']);
    expect(valuesIn('  DONOR_LINK_SECRET: replace-with-64-hex-characters-from-openssl-rand-hex-32\n')).toEqual([
      'replace-with-64-hex-characters-from-openssl-rand-hex-32',
    ]);
    expect(valuesIn("    METRICS_TOKEN: 'a-token-someone-wrote-down',")).toEqual(['a-token-someone-wrote-down']);
    expect(valuesIn('STRIPE_WEBHOOK_SECRET: ${STRIPE_WEBHOOK_SECRET:-}\nDONOR_LINK_SECRET=\nMETRICS_TOKEN=…')).toEqual(
      [],
    );
  });

  it('lists every value the tracked files give STRIPE_WEBHOOK_SECRET, DONOR_LINK_SECRET or METRICS_TOKEN', () => {
    const unlisted: { path: string; value: string }[] = [];
    for (const path of publishedFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        continue; // listed by git, gone from the working tree
      }
      for (const value of valuesIn(text)) {
        if (!isPlaceholderSecret(value)) unlisted.push({ path, value });
      }
    }
    // Add each to PUBLISHED_PLACEHOLDERS (published-secrets.ts), or write an empty value in that file instead.
    expect(unlisted).toEqual([]);
  });

  it('keeps the values the templates shipped before they went empty', () => {
    expect(PUBLISHED_PLACEHOLDERS).toEqual(
      expect.arrayContaining(['whsec_replace_me', 'replace-with-64-hex-characters-from-openssl-rand-hex-32']),
    );
  });

  it.each([
    ['whsec_replace_me', true],
    [' whsec_replace_me ', true],
    ['whsec_CHANGE_ME', true],
    ['my-example-secret-0123456789abcdef0123', true],
    ['replace-with-64-hex-characters-from-openssl-rand-hex-32', true],
    ['whsec_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', false],
    ['4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce', false],
  ])('%p is a placeholder: %p', (value, expected) => {
    expect(isPlaceholderSecret(value)).toBe(expected);
  });

  it('finds secrets that share a value, ignoring unset ones', () => {
    expect(reusedSecrets({ A: 'x', B: ' x ', C: 'y', D: '', E: '' }, ['A', 'B', 'C', 'D', 'E'])).toEqual([['A', 'B']]);
  });

  it('makes up one random donor-link secret per process, 64 hex characters', () => {
    expect(processDonorLinkSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(processDonorLinkSecret()).toBe(processDonorLinkSecret());
  });
});

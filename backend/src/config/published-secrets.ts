import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Secrets anyone can read are no secrets. A value written in this repository (an example, a compose default, the
 * Kubernetes template, the docs) or one that reads like a placeholder never verifies a webhook signature or signs a
 * manage link: outside production the webhook is off and links get a random secret instead, and production refuses
 * to start with one (docs/stripe-setup.md §1).
 */

/**
 * Every value this repository has published for one of PUBLISHED_SECRET_SETTINGS, current or former (copies of old
 * .env files keep them). published-secrets.spec.ts searches the tracked files for values assigned to these settings
 * and fails when one is missing here.
 */
export const PUBLISHED_PLACEHOLDERS: readonly string[] = [
  // .env.example, both compose files' default and the Kubernetes Secret template, until they shipped empty values.
  'whsec_replace_me',
  // The Kubernetes Secret template's DONOR_LINK_SECRET (54 characters, long enough to pass the length check).
  'replace-with-64-hex-characters-from-openssl-rand-hex-32',
];

/** Words that make a value a placeholder wherever it came from. */
const PLACEHOLDER_WORDS = /replace[_-]?(me|with)|change[_-]?me|example/i;

/** The settings whose value must never be one anyone can read (the search of the repository covers these). */
export const PUBLISHED_SECRET_SETTINGS = ['STRIPE_WEBHOOK_SECRET', 'DONOR_LINK_SECRET', 'METRICS_TOKEN'] as const;

/** The secrets that must differ from each other in production: one leaked value must not open two doors. */
export const DISTINCT_SECRET_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'DONOR_LINK_SECRET',
  'METRICS_TOKEN',
  'TURNSTILE_SECRET_KEY',
] as const;

/** True for a value published in this repository or one that says it is a placeholder. */
export function isPlaceholderSecret(value: string): boolean {
  const trimmed = value.trim();
  return PUBLISHED_PLACEHOLDERS.includes(trimmed) || PLACEHOLDER_WORDS.test(trimmed);
}

/** The settings of `names` that share a value with another one, as groups of names (empty values left out). */
export function reusedSecrets(
  values: Partial<Record<string, string | undefined>>,
  names: readonly string[],
): string[][] {
  const byValue = new Map<string, string[]>();
  for (const name of names) {
    const value = values[name]?.trim();
    if (!value) continue;
    byValue.set(value, [...(byValue.get(value) ?? []), name]);
  }
  return [...byValue.values()].filter((group) => group.length > 1);
}

let processSecret: string | undefined;

/**
 * A random donor-link secret, the same for the whole life of this process and never derived from another setting:
 * links signed with it stop working when the process restarts, and another process (the worker) has its own.
 */
export function processDonorLinkSecret(): string {
  processSecret ??= randomBytes(32).toString('hex');
  return processSecret;
}

/** An address only this machine reaches: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

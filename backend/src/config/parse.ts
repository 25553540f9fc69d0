import { isIP } from 'node:net';

/**
 * The checks one environment variable goes through, shared by every setting of settings.ts. Each reader appends what
 * is wrong to `problems` (so one start names every bad variable) and returns a usable value anyway.
 */
export type Env = Record<string, string | undefined>;

export function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** `Name <address>` or a bare address. */
export function isMailbox(value: string): boolean {
  const match = /<([^>]+)>\s*$/.exec(value);
  return EMAIL.test(match ? match[1] : value);
}

/** A URL whose host is this machine's loopback interface (127.0.0.0/8, ::1 or localhost). */
export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
  } catch {
    return false;
  }
}

export function positiveInt(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a positive whole number (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** A port number 0-65535 (0: any free port), `fallback` when unset. */
export function readPort(env: Env, name: string, fallback: number | undefined, problems: string[]): number | undefined {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    problems.push(`${name} must be a whole number between 0 and 65535 (got "${env[name]}")`);
    return fallback;
  }
  return port;
}

/** A true/false switch, `fallback` when unset; any other word is refused rather than guessed. */
export function readBoolean(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  problems.push(`${name} must be true or false (got "${env[name]}")`);
  return fallback;
}

/** One of `words` (in any letter case), `fallback` when unset; any other word is refused rather than guessed. */
export function readWord<T extends string>(
  env: Env,
  name: string,
  words: readonly T[],
  fallback: T,
  problems: string[],
): T {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  const word = words.find((candidate) => candidate === raw);
  if (word === undefined) {
    const list = `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
    problems.push(`${name} must be ${list} (got "${env[name]}")`);
  }
  return word ?? fallback;
}

/** A variable that must be set and pass `check`; a secret or key is never echoed in the problem. */
export function requiredValue(
  env: Env,
  problems: string[],
  name: string,
  check: (v: string) => boolean,
  expectation: string,
): string {
  const value = env[name]?.trim();
  if (!value) {
    problems.push(`${name} is required (${expectation})`);
    return '';
  }
  if (!check(value))
    problems.push(
      `${name} must be ${expectation} (got "${name.includes('SECRET') || name.includes('KEY') ? '…' : value}")`,
    );
  return value;
}

export function optionalHttpUrl(env: Env, problems: string[], name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!isUrl(value, ['http:', 'https:'])) problems.push(`${name} must be an http(s) URL (got "${value}")`);
  return value;
}

/** Express's names for the loopback, link-local and unique-local (private) address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, or an address with a prefix length (CIDR), or one of Express's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which X-Forwarded-For entries to believe, and so which address every per-client limit counts.
 * A hop count (the client is the address that many proxies back) or the proxies' addresses. `true` is refused:
 * it believes the leftmost entry, which the client writes itself.
 */
export function readTrustProxy(env: Env, problems: string[]): false | number | string {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends (every per-address limit could be dodged): ' +
        'set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    problems.push(
      `TRUST_PROXY must be false, the number of proxies in front of the app (e.g. 1) or a comma-separated list of their addresses or CIDR ranges (got "${raw}")`,
    );
    return false;
  }
  return entries.join(',');
}

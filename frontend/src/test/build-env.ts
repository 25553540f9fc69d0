import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Jest's stand-in for src/app/build-env.ts: the same exports, read from disk instead of import.meta. */
export const IS_DEV = true;

type LocaleModule = { default: Record<string, unknown> };

export const LOCALES_DIR = join(__dirname, '..', 'locales');

export const localeLoaders: Record<string, () => Promise<LocaleModule>> = Object.fromEntries(
  readdirSync(LOCALES_DIR).flatMap((language) =>
    readdirSync(join(LOCALES_DIR, language)).map((file) => [
      `../locales/${language}/${file}`,
      async () => ({ default: JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) }),
    ]),
  ),
);

export function localeKey(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentType } from 'react';

/** Jest's stand-in for src/app/build-env.ts: the same exports, read from disk instead of import.meta. */
export const IS_DEV = true;

type LocaleModule = { default: Record<string, unknown> };

export const LOCALES_DIR = join(__dirname, '..', 'locales');

export const localeLoaders: Record<string, () => Promise<LocaleModule>> = Object.fromEntries(
  readdirSync(LOCALES_DIR).flatMap((language) =>
    readdirSync(join(LOCALES_DIR, language))
      // Like the build: the server's email copy is no chunk of the site.
      .filter((file) => file !== 'email.json')
      .map((file) => [
        `../locales/${language}/${file}`,
        () =>
          Promise.resolve({
            default: JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) as LocaleModule['default'],
          }),
      ]),
  ),
);

export function localeKey(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

export type PageModule = { default: ComponentType };

const FEATURES_DIR = join(__dirname, '..', 'features');

export const pageLoaders: Record<string, () => Promise<PageModule>> = Object.fromEntries(
  readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: feature }) =>
      readdirSync(join(FEATURES_DIR, feature))
        .filter((file) => file.endsWith('Page.tsx'))
        .map((file) => [
          `./${feature}/${file}`,
          () => import(join(FEATURES_DIR, feature, file)) as Promise<PageModule>,
        ]),
    ),
);

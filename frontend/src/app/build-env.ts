import type { ComponentType } from 'react';

/**
 * The only module that reads Vite build-time values (import.meta). Jest replaces it with
 * src/test/build-env.ts (see jest.config.ts), so nothing else may use import.meta.
 */
export const IS_DEV: boolean = import.meta.env.DEV;

export type PageModule = { default: ComponentType };

/**
 * One lazy chunk per page: every src/features/<feature>/<Name>Page.tsx, keyed `./<feature>/<Name>Page.tsx`
 * (app/pages.ts says which page each one renders).
 */
export const pageLoaders: Record<string, () => Promise<PageModule>> = import.meta.glob<PageModule>('./*/*Page.tsx', {
  base: '../features',
});

type LocaleModule = { default: Record<string, unknown> };

/**
 * One lazy chunk per language and namespace: only the current language's strings are downloaded. The email copy (form
 * and donor emails) is the server's (i18n/namespaces.ts) and never becomes a chunk.
 */
export const localeLoaders: Record<string, () => Promise<LocaleModule>> = import.meta.glob<LocaleModule>([
  '../locales/*/*.json',
  '!../locales/*/email.json',
  '!../locales/*/donorEmail.json',
  '!../locales/*/staffOverview.json',
  '!../locales/*/periodicEmail.json',
]);

/** Key of `localeLoaders` for a language and namespace. */
export function localeKey(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

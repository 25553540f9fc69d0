import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { FOUNDATION, type Language, type PageId } from '@stichting/contracts';

const LOCALES = join(__dirname, '..', 'frontend', 'src', 'locales');

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();
function read(language: Language, namespace: string): Tree {
  const key = `${language}/${namespace}`;
  if (!cache.has(key))
    cache.set(key, JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree);
  return cache.get(key)!;
}

/** A string of the site's translations, e.g. text('en', 'common', 'nav.about'). */
export function text(language: Language, namespace: string, key: string): string {
  const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], read(language, namespace));
  if (typeof value !== 'string') throw new Error(`no string ${language}/${namespace}:${key}`);
  return value;
}

/** What the prerendered page shows: its h1 (the page namespace's title) and its <title>. */
export function expectedPage(page: PageId, language: Language): { h1: string; title: string } {
  return {
    h1: text(language, page, 'title'),
    title: `${text(language, 'pageMeta', `${page}.title`)} | ${FOUNDATION.name}`,
  };
}

/** Collects console errors/warnings and page errors, for the hydration checks. */
export function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Resolves once the page has hydrated (the router's links respond to clicks only then). */
export async function waitForHydration(page: Page): Promise<void> {
  // Set once the header, the page and the footer have hydrated, each in its task, and their effects ran
  // (app/hydration-steps.tsx): every handler is live by then.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

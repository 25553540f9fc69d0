import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LANGUAGES, type Language } from '@stichting/contracts';

/**
 * The donor emails' words, read from the site's translation files (frontend/src/locales/<language>/donorEmail.json,
 * a namespace no page loads), so translators find every visitor-facing text in one place. Read once per language;
 * `text` throws on a missing key or a placeholder left unfilled, which the unit test of every email in every
 * language turns into a failing build rather than a wrong email.
 */
const LOCALES_DIR = resolve(__dirname, '../../../frontend/src/locales');

type Tree = { [key: string]: string | Tree };
export type Values = Record<string, string | number>;
export type Text = (key: string, values?: Values) => string;

const trees = new Map<Language, Tree>();

function tree(language: Language): Tree {
  let loaded = trees.get(language);
  if (!loaded) {
    loaded = JSON.parse(readFileSync(resolve(LOCALES_DIR, language, 'donorEmail.json'), 'utf8')) as Tree;
    trees.set(language, loaded);
  }
  return loaded;
}

/** `{{name}}` placeholders filled from `values`. */
function interpolate(template: string, values: Values, key: string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`donorEmail.json: ${key} needs a value for {{${name}}}`);
    return String(values[name]);
  });
}

/** The texts of one language: `text('welcome.subject')`, `text('statement.total', { year: 2026 })`. */
export function donorEmailText(language: Language): Text {
  const strings = tree(language);
  return (key, values = {}) => {
    const found = key
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), strings);
    if (typeof found !== 'string') throw new Error(`donorEmail.json (${language}) has no text ${key}`);
    return interpolate(found, values, key);
  };
}

/** Reads every language now, so a missing or broken file stops the process at start, not at the first email. */
export function loadDonorEmailTexts(): void {
  for (const language of LANGUAGES) tree(language);
}

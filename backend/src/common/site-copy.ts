import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LANGUAGES, type Language } from '@stichting/contracts';

/**
 * The site's translation files, `frontend/src/locales/<language>/<namespace>.json`, read by the backend too: the
 * labels of the form choices and the copy of every email come from the strings the pages show
 * (docs/architecture.md §4.8). The path is the same from `backend/src` and `backend/dist` (both one level below
 * `backend/`); the container image copies the folder (docker/Dockerfile).
 */
export const LOCALES_DIR = resolve(__dirname, '../../../frontend/src/locales');

/**
 * The namespaces the backend reads, each typed by its Dutch file: a key the code uses and the file lacks is a type
 * error. `email` and `donorEmail` are the backend's own (the browser build leaves them out); `volunteer` and
 * `getHelp` are the pages'. To add one: create the file in nl, en and es with the same keys and add a line here.
 */
export interface SiteCopy {
  email: typeof import('../../../frontend/src/locales/nl/email.json');
  donorEmail: typeof import('../../../frontend/src/locales/nl/donorEmail.json');
  periodicEmail: typeof import('../../../frontend/src/locales/nl/periodicEmail.json');
  volunteer: typeof import('../../../frontend/src/locales/nl/volunteer.json');
  getHelp: typeof import('../../../frontend/src/locales/nl/getHelp.json');
  /** The staff confirmation page's words: its refusals are the API's answers too (staff-actions/). */
  staffAction: typeof import('../../../frontend/src/locales/nl/staffAction.json');
  staffOverview: typeof import('../../../frontend/src/locales/nl/staffOverview.json');
}
export type SiteNamespace = keyof SiteCopy;

export const SITE_NAMESPACES: readonly SiteNamespace[] = [
  'email',
  'donorEmail',
  'periodicEmail',
  'volunteer',
  'getHelp',
  'staffAction',
  'staffOverview',
];

/** Every key path of a translation tree ("staff.fields.name", "confirmation.contact.paragraphs.0", ...). */
export function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * What `translated` lacks or has in excess of `dutch`, and which of its strings are empty, as one sentence each; []
 * when it is complete.
 */
export function translationProblems(dutch: unknown, translated: unknown): string[] {
  const expected = new Set(keyPaths(dutch));
  const present = keyPaths(translated);
  const found = new Set(present);
  const valueAt = (path: string) =>
    path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translated);
  return [
    ...[...expected].filter((path) => !found.has(path)).map((path) => `missing ${path}`),
    ...present.filter((path) => !expected.has(path)).map((path) => `unexpected ${path}`),
    ...present
      .filter((path) => expected.has(path))
      .filter((path) => {
        const value = valueAt(path);
        return typeof value !== 'string' || value.trim() === '';
      })
      .map((path) => `empty ${path}`),
  ];
}

const cache = new Map<string, unknown>();

function readJson(language: Language, namespace: SiteNamespace): unknown {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

/**
 * One namespace of the site's strings in one language, read from disk once per process. Every language must have
 * exactly the Dutch file's keys, none empty, or this throws naming each difference: no email goes out half
 * translated. Usage: `siteCopy('email', 'en').confirmation.contact.subject`.
 */
export function siteCopy<N extends SiteNamespace>(namespace: N, language: Language): SiteCopy[N] {
  const key = `${language}/${namespace}`;
  if (!cache.has(key)) {
    const copy = readJson(language, namespace);
    const problems = translationProblems(language === 'nl' ? copy : siteCopy(namespace, 'nl'), copy);
    if (problems.length > 0) {
      throw new Error(`${join(LOCALES_DIR, language, `${namespace}.json`)}: ${problems.join(', ')}`);
    }
    cache.set(key, copy);
  }
  // The file's own type: typeof import() of the Dutch file, whose keys this one was just checked to have.
  return cache.get(key) as SiteCopy[N];
}

/** Reads and checks every namespace in every language: at start, so a missing or partial file stops the process. */
export function loadSiteCopy(): void {
  for (const namespace of SITE_NAMESPACES) for (const language of LANGUAGES) siteCopy(namespace, language);
}

/**
 * A string with its `{{name}}` placeholders filled in (the syntax the site's i18next uses). A placeholder without a
 * value throws, so a typo in a translation is found by the tests rather than by a donor.
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {{${name}}} in "${template}"`);
    return value;
  });
}

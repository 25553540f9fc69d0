import type { Language } from '@stichting/contracts';
import { fill, siteCopy } from '../common/site-copy';

/**
 * The donor emails' words: the `donorEmail` namespace of the site's translation files (a namespace no page loads),
 * read and checked like every other (common/site-copy.ts, docs/architecture.md §4.8), so translators find every
 * visitor-facing text in one place. `text` throws on a missing key or a placeholder left unfilled, which the unit
 * test of every email in every language turns into a failing build rather than a wrong email.
 */
type Tree = { [key: string]: string | Tree };
export type Values = Record<string, string | number>;
export type Text = (key: string, values?: Values) => string;

/** The texts of one language: `text('welcome.subject')`, `text('statement.total', { year: 2026 })`. */
export function donorEmailText(language: Language): Text {
  const strings = siteCopy('donorEmail', language) as Tree;
  return (key, values = {}) => {
    const found = key
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), strings);
    if (typeof found !== 'string') throw new Error(`donorEmail.json (${language}) has no text ${key}`);
    return fill(found, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])));
  };
}

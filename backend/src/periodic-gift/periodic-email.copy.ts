import type { Language } from '@stichting/contracts';
import { fill, siteCopy } from '../common/site-copy';

type Tree = { [key: string]: string | Tree };
export type PeriodicText = (key: string, values?: Record<string, string | number>) => string;

/**
 * The words of the agreement emails and of the API's refusals: the `periodicEmail` namespace of the site's translation
 * files (no page loads it), read and checked like the donor emails' (common/site-copy.ts). A missing key throws.
 */
export function periodicText(language: Language): PeriodicText {
  const strings = siteCopy('periodicEmail', language) as Tree;
  return (key, values = {}) => {
    const found = key
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), strings);
    if (typeof found !== 'string') throw new Error(`periodicEmail.json (${language}) has no text ${key}`);
    return fill(found, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])));
  };
}

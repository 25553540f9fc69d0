import type { Language } from '@stichting/contracts';
import type { NamespaceName, Resources } from './namespaces';

/**
 * The site's translations, without a library (docs/architecture.md §9.16): the strings of each language and namespace
 * are plain JSON (src/locales), looked up by a dotted key, with `{{name}}` placeholders, plurals by a `_one`/`_other`
 * suffix (the language's plural rules, Intl.PluralRules) and whole lists or objects on request (`returnObjects`).
 * That is all the site uses of i18next's syntax, and the same files are read by the server (backend/src/common/
 * site-copy.ts). The keys are typed from the Dutch files (namespaces.ts): a missing or misspelled key fails the type
 * check, and at run time shows the key itself and logs a warning (docs/product.md §2, §8).
 */

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every key of a namespace's strings: "a.b.c" for strings, lists and objects alike. */
type Paths<T> = T extends string
  ? never
  : T extends readonly unknown[]
    ? never
    : {
        [K in keyof T & string]: T[K] extends string
          ? WithoutPlural<K>
          : T[K] extends readonly unknown[]
            ? K
            : K | `${K}.${Paths<T[K]>}`;
      }[keyof T & string];

type ValueAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : string;

/** A key of namespace N, or "other:key" of another namespace. */
export type TranslationKey<N extends NamespaceName> =
  Paths<Resources[N]> | { [M in NamespaceName]: `${M}:${Paths<Resources[M]>}` }[NamespaceName];

type ValueOf<N extends NamespaceName, K extends string> = K extends `${infer M}:${infer P}`
  ? M extends NamespaceName
    ? ValueAt<Resources[M], P>
    : never
  : ValueAt<Resources[N], K>;

export type TranslationValues = Record<string, string | number>;

export interface TFunction<N extends NamespaceName = 'common'> {
  <K extends TranslationKey<N>>(key: K, options: { returnObjects: true }): ValueOf<N, K>;
  (key: TranslationKey<N>, values?: TranslationValues): string;
}

export type Bundle = Record<string, unknown>;

/** Loaded strings: language → namespace → strings. */
const bundles = new Map<Language, Map<NamespaceName, Bundle>>();

export function hasBundle(language: Language, namespace: NamespaceName): boolean {
  return bundles.get(language)?.has(namespace) ?? false;
}

export function getBundle(language: Language, namespace: NamespaceName): Bundle | undefined {
  return bundles.get(language)?.get(namespace);
}

export function addBundle(language: Language, namespace: NamespaceName, bundle: Bundle): void {
  let byNamespace = bundles.get(language);
  if (!byNamespace) bundles.set(language, (byNamespace = new Map<NamespaceName, Bundle>()));
  byNamespace.set(namespace, bundle);
}

function lookup(language: Language, namespace: string, path: string): unknown {
  let node: unknown = getBundle(language, namespace as NamespaceName);
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/** `{{name}}` placeholders filled in; one without a value stays as it is (and shows the mistake on the page). */
function fill(template: string, values: TranslationValues | undefined): string {
  if (!values) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** The translation function of one language and namespace; "other:key" reads another loaded namespace. */
export function translator<N extends NamespaceName>(language: Language, namespace: N): TFunction<N> {
  function t(key: string, options?: TranslationValues | { returnObjects: true }): unknown {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : namespace;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    if (options && 'returnObjects' in options) {
      const value = lookup(language, ns, path);
      if (value !== undefined) return value;
      console.warn(`[i18n] missing translation key "${key}" (${language})`);
      return key;
    }
    const count = options?.count;
    let value =
      typeof count === 'number'
        ? (lookup(language, ns, `${path}_${pluralCategory(language, count)}`) ?? lookup(language, ns, `${path}_other`))
        : undefined;
    value ??= lookup(language, ns, path);
    if (typeof value !== 'string') {
      console.warn(`[i18n] missing translation key "${key}" (${language})`);
      return key;
    }
    return fill(value, options);
  }
  return t as TFunction<N>;
}

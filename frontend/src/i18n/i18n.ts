import type { Language } from '@stichting/contracts';
import { localeKey, localeLoaders } from '../app/build-env';
import type { NamespaceName } from './namespaces';
import { addBundle, getBundle, hasBundle, translator, type TFunction } from './translate';

export type Bundles = Partial<Record<NamespaceName, Record<string, unknown>>>;

/** The strings of one language and namespace, outside React (page metadata, tests). */
export function getT<N extends NamespaceName = 'common'>(language: Language, namespace?: N): TFunction<N> {
  return translator(language, (namespace ?? 'common') as N);
}

/** The strings of a page's head (app/metadata.ts): the site's name, the pages' titles and the error pages'. */
export function headStrings(language: Language) {
  return {
    common: getT(language),
    pageMeta: getT(language, 'pageMeta'),
    errorPages: getT(language, 'errorPages'),
  };
}

/** Downloads (once) the given namespaces of one language. Used by every route before it renders. */
export async function ensureNamespaces(language: Language, namespaces: readonly NamespaceName[]): Promise<void> {
  await Promise.all(
    namespaces
      .filter((namespace) => !hasBundle(language, namespace))
      .map(async (namespace) => {
        const load = localeLoaders[localeKey(language, namespace)];
        if (!load) {
          console.warn(`[i18n] no translation file for ${language}/${namespace}`);
          return;
        }
        const module = await load();
        addBundle(language, namespace, module.default);
      }),
  );
}

/** The loaded strings of some namespaces, for the prerendered page's data island. */
export function bundlesFor(language: Language, namespaces: readonly NamespaceName[]): Bundles {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, getBundle(language, namespace)]));
}

/** Seeds an instance from the data island before hydration, so the first render needs no download. */
export function seedBundles(language: Language, bundles: Bundles): void {
  for (const [namespace, bundle] of Object.entries(bundles) as [NamespaceName, Record<string, unknown>][]) {
    if (bundle) addBundle(language, namespace, bundle);
  }
}

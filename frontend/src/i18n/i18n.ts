import i18next, { type i18n as I18n } from 'i18next';
import type { Language } from '@stichting/contracts';
import { localeKey, localeLoaders } from '../app/build-env';
import type { NamespaceName } from './namespaces';

export type Bundles = Partial<Record<NamespaceName, Record<string, unknown>>>;

/**
 * One i18next instance per language. The app picks the instance from the path (app/App.tsx),
 * so a page never renders in a language other than its URL's, not even for one frame during navigation.
 */
const instances = new Map<Language, I18n>();

export function getI18n(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      defaultNS: 'common',
      ns: ['common'],
      resources: {},
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: false }, // namespaces are loaded by the route before it renders
      // docs/product.md §2/§8: a missing key shows the key itself and logs a warning.
      parseMissingKeyHandler: (key: string) => {
        console.warn(`[i18n] missing translation key "${key}" (${language})`);
        return key;
      },
    });
    instances.set(language, instance);
  }
  return instance;
}

/** Downloads (once) the given namespaces of one language. Used by every route before it renders. */
export async function ensureNamespaces(language: Language, namespaces: readonly NamespaceName[]): Promise<void> {
  const instance = getI18n(language);
  await Promise.all(
    namespaces
      .filter((namespace) => !instance.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const load = localeLoaders[localeKey(language, namespace)];
        if (!load) {
          console.warn(`[i18n] no translation file for ${language}/${namespace}`);
          return;
        }
        const module = await load();
        instance.addResourceBundle(language, namespace, module.default, true, true);
      }),
  );
}

/** The loaded strings of some namespaces, for the prerendered page's data island. */
export function bundlesFor(language: Language, namespaces: readonly NamespaceName[]): Bundles {
  const instance = getI18n(language);
  return Object.fromEntries(
    namespaces.map((namespace) => [
      namespace,
      instance.getResourceBundle(language, namespace) as Record<string, unknown>,
    ]),
  );
}

/** Seeds an instance from the data island before hydration, so the first render needs no download. */
export function seedBundles(language: Language, bundles: Bundles): void {
  const instance = getI18n(language);
  for (const [namespace, bundle] of Object.entries(bundles)) {
    if (bundle) instance.addResourceBundle(language, namespace, bundle, true, true);
  }
}

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '@stichting/contracts';
import type { NamespaceName } from './namespaces';
import { translator, type TFunction } from './translate';

/** The language of the strings below it: the page's, from its path (app/App.tsx). */
const TranslationLanguage = createContext<Language>('nl');

export function TranslationProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <TranslationLanguage value={language}>{children}</TranslationLanguage>;
}

/**
 * The strings of one namespace in the page's language (default 'common'). The namespaces are loaded before the route
 * renders (app/routes.tsx), so the strings are there on the first render, in the browser and when prerendering.
 */
export function useTranslation<N extends NamespaceName = 'common'>(
  namespace?: N,
): { t: TFunction<N>; language: Language } {
  const language = useContext(TranslationLanguage);
  const name = (namespace ?? 'common') as N;
  const t = useMemo(() => translator(language, name), [language, name]);
  return { t, language };
}

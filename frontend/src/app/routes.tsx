import { matchRoutes, type RouteObject } from 'react-router';
import {
  ERROR_PATHS,
  FORBIDDEN_PREFIXES,
  LANGUAGES,
  PAGE_IDS,
  ROUTES,
  type Language,
  type PageId,
} from '@stichting/contracts';
import { ensureNamespaces } from '../i18n/i18n';
import type { NamespaceName } from '../i18n/namespaces';
import { PAGES } from './pages';
import { LanguageRoot } from './LanguageRoot';
import { Layout } from './Layout';
import { RouteErrorScreen } from './crash/RouteErrorScreen';
import type { ErrorStatus, RouteHandle } from './route-handle';

function pageRoute(page: PageId, language: Language): RouteObject {
  const namespaces: NamespaceName[] = ['common', ...PAGES[page].namespaces];
  const handle: RouteHandle = { language, page, namespaces };
  return {
    id: `${page}.${language}`,
    path: ROUTES[page][language],
    handle,
    lazy: async () => {
      const [module] = await Promise.all([PAGES[page].load(), ensureNamespaces(language, namespaces)]);
      return { Component: module.default };
    },
  };
}

function errorRoute(path: string, status: ErrorStatus, language: Language): RouteObject {
  const handle: RouteHandle = { language, errorStatus: status, namespaces: ['common'] };
  return {
    id: `error.${language}.${path}`,
    path,
    handle,
    lazy: async () => {
      const [module] = await Promise.all([import('../features/errors/ErrorPages'), ensureNamespaces(language, ['common'])]);
      return { Component: module.ERROR_PAGES[status] };
    },
  };
}

/** spec §2: error paths are the same in every language, optionally behind /en or /es; anything unknown is 404. */
function errorRoutes(language: Language): RouteObject[] {
  const prefix = language === 'nl' ? '' : `/${language}`;
  const paths: Array<[string, ErrorStatus]> = [
    ...ERROR_PATHS[403].map((path): [string, ErrorStatus] => [path, 403]),
    ...ERROR_PATHS[404].map((path): [string, ErrorStatus] => [path, 404]),
    ...ERROR_PATHS[500].map((path): [string, ErrorStatus] => [path, 500]),
    // spec §6: /admin, /security, /api and below show the 403 page (the server answers 403 as well).
    ...FORBIDDEN_PREFIXES.map((path): [string, ErrorStatus] => [`${path}/*`, 403]),
    ['/*', 404],
  ];
  return paths.map(([path, status]) => errorRoute(`${prefix}${path}`, status, language));
}

/**
 * The route tree: LanguageRoot (picks the i18n instance from the URL) > Layout (header, footer, crash boundary,
 * router error screen) > one lazy route per page and language, plus the error routes.
 */
export function createRoutes(): RouteObject[] {
  const pages = PAGE_IDS.flatMap((page) => LANGUAGES.map((language) => pageRoute(page, language)));
  const errors = LANGUAGES.flatMap(errorRoutes);
  return [
    {
      id: 'root',
      Component: LanguageRoot,
      children: [
        { id: 'layout', Component: Layout, errorElement: <RouteErrorScreen />, children: [...pages, ...errors] },
      ],
    },
  ];
}

/**
 * Loads the lazy route modules (and their strings) the URL matches, so the first client render produces the
 * prerendered markup and hydration does not fall back to an empty screen.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

import { createContext, useContext } from 'react';
import { errorStatusFor, languageFromPath, pageFromPath, type Language, type PageId } from '@stichting/contracts';
import type { NamespaceName } from '../i18n/namespaces';
import { PAGES } from './pages';

export type ErrorStatus = 403 | 404 | 500;

/** What the site shows at a path: which page or error page, in which language, with which strings. */
export interface RouteHandle {
  language: Language;
  /** Set for the 39 pages of the route table. */
  page?: PageId;
  /** Set for every other path: the spec's 403/500 paths, else 404 (spec §2). */
  errorStatus?: ErrorStatus;
  /** Translation namespaces loaded before the route renders (always includes 'common'). */
  namespaces: readonly NamespaceName[];
}

/** spec §2: the route table (ROUTES in @stichting/contracts) decides the page; anything unknown is a 404. */
export function routeHandleFor(pathname: string): RouteHandle {
  const language = languageFromPath(pathname);
  const page = pageFromPath(pathname);
  if (page) return { language, page, namespaces: ['common', ...PAGES[page].namespaces] };
  return { language, errorStatus: errorStatusFor(pathname) ?? 404, namespaces: ['common'] };
}

export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** The route that is showing (provided by app/App.tsx). */
export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}

import { createContext, useContext } from 'react';
import type { Language, PageId } from '@stichting/contracts';
import type { NamespaceName } from '../i18n/namespaces';

export type ErrorStatus = 403 | 404 | 500;

/** What the site shows at a path: which page or error page, in which language, with which strings. */
export interface RouteHandle {
  language: Language;
  /** Set for the 51 pages of the route table. */
  page?: PageId;
  /** Set for every other path: the 403/500 paths of docs/product.md §2.2, else 404 (docs/product.md §2). */
  errorStatus?: ErrorStatus;
  /** Translation namespaces loaded before the route renders (always includes 'common'). */
  namespaces: readonly NamespaceName[];
}

export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** The route that is showing (provided by app/App.tsx; app/route-handle.ts decides it from the path). */
export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}

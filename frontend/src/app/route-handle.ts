import { useMatches } from 'react-router';
import type { Language, PageId } from '@stichting/contracts';
import type { NamespaceName } from '../i18n/namespaces';

export type ErrorStatus = 403 | 404 | 500;

/** What every leaf route declares about itself (the `handle` of the route object). */
export interface RouteHandle {
  language: Language;
  /** Set on the 39 page routes. */
  page?: PageId;
  /** Set on the error routes (403, 404 including the catch-all, 500). */
  errorStatus?: ErrorStatus;
  /** Translation namespaces loaded before the route renders (always includes 'common'). */
  namespaces: readonly NamespaceName[];
}

/** The handle of the deepest matched route: which page or error page is showing, in which language. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return matches[matches.length - 1]?.handle as RouteHandle | undefined;
}

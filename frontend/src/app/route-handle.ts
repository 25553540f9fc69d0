import { errorStatusFor, languageFromPath, pageFromPath } from '@stichting/contracts';
import type { RouteHandle } from '../components/route-handle';
import { PAGES } from './pages';

/** docs/product.md §2: the route table (ROUTES in @stichting/contracts) decides the page; anything unknown is a 404. */
export function routeHandleFor(pathname: string): RouteHandle {
  const language = languageFromPath(pathname);
  const page = pageFromPath(pathname);
  if (page) return { language, page, namespaces: ['common', ...PAGES[page].namespaces] };
  return { language, errorStatus: errorStatusFor(pathname) ?? 404, namespaces: ['common', 'errorPages'] };
}

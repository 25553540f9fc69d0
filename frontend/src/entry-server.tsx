import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ALL_PAGES, BASE_URL_TOKEN, errorPagePath, LANGUAGES } from '@stichting/contracts';
import { App } from './app/App';
import { serializeAppData } from './app/app-data';
import { buildHead, renderHead } from './app/metadata';
import { routeHandleFor } from './app/route-handle';
import { loadRoute, routeModule } from './app/routes';
import { bundlesFor, ensureNamespaces, headStrings } from './i18n/i18n';

export interface RenderedPage {
  /** The markup of <div id="root">. */
  html: string;
  /** <title>, meta and link tags for <head>. */
  head: string;
  /** The JSON of the app-data island. */
  data: string;
  language: string;
}

/**
 * Renders one path to static HTML for scripts/prerender.mjs. Canonical and share URLs carry the
 * __PUBLIC_BASE_URL__ token, which the server replaces when it loads the files.
 */
export async function render(path: string): Promise<RenderedPage> {
  const handle = routeHandleFor(path);
  await loadRoute(handle); // the page module and its strings, so the render below is complete
  const html = renderToString(
    <StaticRouter location={path}>
      <App />
    </StaticRouter>,
  );
  const { language } = handle;
  await ensureNamespaces(language, ['pageMeta']);
  const head = renderHead(buildHead(handle, headStrings(language), BASE_URL_TOKEN));
  return {
    html,
    head,
    data: serializeAppData({ language, bundles: bundlesFor(language, handle.namespaces) }),
    language,
  };
}

/**
 * The source file whose chunk renders `path`, as Vite's client manifest names it (src/features/…): the prerender
 * step preloads that chunk in the page's HTML.
 */
export function routeModuleFor(path: string): string {
  return `src/features/${routeModule(routeHandleFor(path))}.tsx`;
}

/**
 * Everything the prerender step writes (the backend serves exactly this layout from frontend/build):
 * index.html for "/", <path>/index.html for the other 38 pages, [<lng>/]403|404|500.html for the error pages.
 */
export const PRERENDER_TARGETS: ReadonlyArray<{ path: string; file: string }> = [
  ...ALL_PAGES.map(({ path }) => ({ path, file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html` })),
  ...LANGUAGES.flatMap((language) =>
    ([403, 404, 500] as const).map((status) => ({
      path: errorPagePath(status, language),
      file: `${language === 'nl' ? '' : `${language}/`}${status}.html`,
    })),
  ),
];

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const contractsSource = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
/**
 * react-router's package exports only resolve to its development build (dev warnings, larger); its production
 * build sits next to it. The client bundle uses that one: about 10 KB gzip less on every page's first load.
 */
const routerProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The tab icon travels inside every page as a data URL, written from public/favicon.svg at build time (that file stays
 * the one to edit). As a separate request, the browser fetched it while parsing the head, and when it ended before the
 * first frame, Lighthouse's simulation counted it toward the largest paint (docs/benchmarks.md §2.4).
 */
function inlineFavicon(): Plugin {
  const link = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
  const svg = readFileSync(new URL('public/favicon.svg', import.meta.url), 'utf8').trim();
  // Only what a URL in a double-quoted attribute cannot hold is escaped: quotes become single quotes, and the
  // characters the URL parser or the HTML checker would take otherwise are percent-encoded.
  const dataUrl = `data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[#%\s<>]/g, encodeURIComponent)}`;
  return {
    name: 'inline-favicon',
    transformIndexHtml(html) {
      if (!html.includes(link)) throw new Error(`index.html no longer has ${link}`);
      return html.replace(link, `<link rel="icon" href="${dataUrl}" />`);
    },
  };
}

/**
 * Two warnings of every build that need no action: react-router marks its modules "use client" (a directive for React
 * Server Components, which the site does not use), and it looks up React 19's useOptimistic, which Preact lacks, and
 * goes without it when it is missing (its useOptimisticSafe).
 */
const quietRouterWarnings = (
  warning: { code?: string; id?: string; message: string },
  warn: (warning: { code?: string; id?: string; message: string }) => void,
) => {
  const fromRouter = warning.id?.includes('/react-router/') || warning.message.includes('/react-router/');
  if (fromRouter && (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'IMPORT_IS_UNDEFINED')) return;
  warn(warning);
};

/**
 * The modules every page runs after the entry (the renderer, the router, the app's frame and strings, the foundation's
 * facts, a page's hero and bands) go into one chunk, `site`: each chunk a page lists is a request the boot script
 * starts on the main thread (docs/benchmarks.md §2.4). Left to itself, the bundler split them into five. The hydration
 * module stays a chunk of its own (a few hundred bytes), the entry's second stage (docs/architecture.md §3.2).
 */
const EVERY_PAGE = [
  /[\\/]node_modules[\\/](preact|react-router)[\\/]/,
  /[\\/]frontend[\\/]src[\\/](app|i18n)[\\/]/,
  /[\\/]frontend[\\/]src[\\/]components[\\/](Section|PageHero)\.tsx$/,
  /[\\/]contracts[\\/]src[\\/]foundation/,
];
const HYDRATION_MODULE = /[\\/]frontend[\\/]src[\\/]app[\\/]hydrate\.tsx$/;
const runsOnEveryPage = (id: string) => EVERY_PAGE.some((pattern) => pattern.test(id)) && !HYDRATION_MODULE.test(id);

/**
 * Every script of the client build begins with V8's compile hint, `//# allFunctionsCalledOnLoad`: Chromium then compiles
 * all of its functions in the background while the script downloads, instead of compiling each on the main thread when
 * hydration first calls it (30-56 ms per page load on a two-core machine, docs/benchmarks.md §2.4). Every chunk
 * is code a page runs when it loads (the entry, `site`, the hydration module, a page's own chunks; the strings' chunks
 * hold no functions). Other browsers read it as a comment. Added last, after Vite's own preamble, so that it is the
 * file's first line, where V8 documents it; the build makes no source maps, which the extra line would shift.
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    augmentChunkHash: () => hint,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.map) throw new Error(`${chunk.fileName}: the compile hint would shift its source map`);
          chunk.code = hint + chunk.code;
        }
      },
    },
  };
}

/**
 * Client build -> build/ (hashed assets under build/assets, manifest for scripts/size.mjs and the prerender step).
 * The SSR build (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`) reuses this config.
 * Contracts are compiled from source so the client bundle tree-shakes them (their dist is CommonJS).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [inlineFavicon(), compileHints()],
  resolve: {
    alias: [
      { find: '@stichting/contracts', replacement: contractsSource },
      // React's API, Preact's renderer (docs/architecture.md §9.17): the site's code, react-router and the server
      // build import 'react' and 'react-dom' as usual and get preact/compat, in every mode.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      ...(isSsrBuild || mode === 'development'
        ? []
        : [
            { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
            { find: /^react-router$/, replacement: routerProduction('index.mjs') },
          ]),
    ],
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, ssrManifest: false, rolldownOptions: { onwarn: quietRouterWarnings } }
    : {
        rolldownOptions: {
          onwarn: quietRouterWarnings,
          output: { codeSplitting: { groups: [{ name: 'site', test: runsOnEveryPage }] } },
        },
        outDir: 'build',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        // Every browser we support has <link rel="modulepreload">; the polyfill would only cost bytes.
        modulePreload: { polyfill: false },
        // One stylesheet for the whole site (about 6.5 KB gzip), inlined in every prerendered page. Split per page,
        // Vite's preload helper fetched the page's CSS file again at hydration although the page had it inlined, and
        // that fetch (a render-blocking priority, started by the entry script) put the whole entry on the critical
        // path of first paint in Lighthouse's simulation (about +0.8 s FCP on slow 4G). Client navigations then
        // need no CSS request either.
        cssCodeSplit: false,
      },
  // react-router is bundled into the server build too, so that its imports of 'react' reach Preact as well.
  ssr: { noExternal: ['@stichting/contracts', 'react-router'] },
  server: {
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // The API takes POSTs only from PUBLIC_BASE_URL's origin or from clients that send no Origin. Seen from the
        // browser, the dev server is the pages' origin and the API is same-origin: pass that on as "no Origin".
        configure: (proxy) =>
          proxy.on('proxyReq', (proxyRequest, request) => {
            if (request.headers.origin === `http://${request.headers.host}`) proxyRequest.removeHeader('origin');
          }),
      },
    },
  },
}));

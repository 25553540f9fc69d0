import { createRoot, hydrateRoot } from 'react-dom/client';
import { makeEarlyChoicesAgain, noteEarlyInput } from '../components/forms/typed-early';
import { seedBundles } from '../i18n/i18n';
import { readAppData } from './app-data';
import { App } from './App';
import { routeHandleFor } from './route-handle';
import { loadRoute } from './routes';
import { SiteRouter } from './SiteRouter';
import { firstStepDone, hydrateInSteps } from './hydration-steps';

/**
 * Hydrates the prerendered page (or, under vite dev, renders it). Its modules are evaluated in a task of their own by
 * the entry (src/entry-client.tsx, docs/architecture.md §3.2); `react-dom/client` is Preact's (§9.17).
 */
export async function hydratePage(): Promise<void> {
  const { pathname } = window.location;
  const appData = readAppData();
  if (appData) seedBundles(appData.language, appData.bundles);
  // The page's chunk (already preloaded by the prerendered HTML) must be there before the first render, so that
  // it produces exactly the prerendered markup; its strings came with the page (app-data), so nothing downloads.
  await loadRoute(routeHandleFor(pathname));
  const app = (
    <SiteRouter>
      <App />
    </SiteRouter>
  );
  const container = document.getElementById('root')!;
  if (appData) {
    noteEarlyInput(container);
    hydrateInSteps(markHydrated);
    hydrateRoot(container, app);
    firstStepDone();
  } else createRoot(container).render(app); // vite dev: no prerendered page
}

/** Every part of the page answers input now, with the choices made before; e2e/site-helpers.ts waits for this mark. */
function markHydrated(): void {
  makeEarlyChoicesAgain();
  document.documentElement.setAttribute('data-hydrated', '');
}

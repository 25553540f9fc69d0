import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { readAppData } from './app/app-data';
import { App } from './app/App';
import { routeHandleFor } from './app/route-handle';
import { loadRoute } from './app/routes';
import { seedBundles } from './i18n/i18n';
import './styles/global.css';

/** A new task: the browser may paint or handle input between the work before and after (docs/architecture.md §3.2). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // Evaluating the modules is one task of its own; reading the page's data, routing and hydrating start in the next, so
  // that no single task of ours lasts long enough to delay a tap.
  await nextTask();
  const { pathname } = window.location;
  const appData = readAppData();
  if (appData) seedBundles(appData.language, appData.bundles);
  // The page's chunk (already preloaded by the prerendered HTML) must be there before the first render, so that
  // it produces exactly the prerendered markup; its strings came with the page (app-data), so nothing downloads.
  await loadRoute(routeHandleFor(pathname));
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (appData) {
    // As a transition, hydration yields to the browser every few milliseconds instead of running as one long task
    // (the page is already painted and readable); a click or key press on a part not yet hydrated hydrates that
    // part first (React's selective hydration), so nothing typed or tapped is lost.
    startTransition(() => {
      hydrateRoot(container, app, {
        // Production React minifies hydration errors; log them so tests and monitoring see them.
        onRecoverableError: (error) => console.error('[hydration]', error),
      });
    });
  } else {
    createRoot(container).render(app); // vite dev: no prerendered page
  }
}

void start();

import { StrictMode, useEffect, useRef } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { readAppData } from './app/app-data';
import { App } from './app/App';
import { browserLocale, firstLoadRedirectTarget, storedLanguageChoice } from './app/first-load-redirect';
import { routeHandleFor } from './app/route-handle';
import { loadRoute } from './app/routes';
import { seedBundles } from './i18n/i18n';
import './styles/global.css';

/** spec §2 first load: a browser language of es or en on "/" goes to that language's home page. */
function FirstLoadRedirect({ to }: { to: string | undefined }) {
  const navigate = useNavigate(); // a new function after every navigation: the ref keeps this to the first load
  const pending = useRef(to);
  useEffect(() => {
    if (pending.current) void navigate(pending.current, { replace: true });
    pending.current = undefined;
  }, [navigate]);
  return null;
}

async function start(): Promise<void> {
  const { pathname, search, hash } = window.location;
  const appData = readAppData();
  if (appData) seedBundles(appData.language, appData.bundles);
  // The page's chunk (already preloaded by the prerendered HTML) must be there before the first render, so that
  // it produces exactly the prerendered markup; its strings came with the page (app-data), so nothing downloads.
  await loadRoute(routeHandleFor(pathname));

  const target = firstLoadRedirectTarget(pathname, browserLocale(), storedLanguageChoice());
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
        <FirstLoadRedirect to={target && `${target}${search}${hash}`} />
      </BrowserRouter>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (appData) {
    hydrateRoot(container, app, {
      // Production React minifies hydration errors; log them so tests and monitoring see them.
      onRecoverableError: (error) => console.error('[hydration]', error),
    });
  } else {
    createRoot(container).render(app); // vite dev: no prerendered page
  }
}

void start();

import type { ComponentType } from 'react';
import { ensureNamespaces } from '../i18n/i18n';
import { ERROR_ROUTES, PAGES } from './pages';
import type { RouteHandle } from '../components/route-handle';

/**
 * Code splitting: each page (and the error pages) is its own chunk, loaded together with its strings before the
 * route renders. A route that has loaded once is available synchronously, which is what hydration of the
 * prerendered HTML and the prerender step itself need.
 */
const loading = new Map<string, Promise<ComponentType>>();
const loaded = new Map<string, ComponentType>();
const failures = new Map<string, unknown>();

const keyOf = (handle: RouteHandle) => `${handle.page ?? handle.errorStatus}.${handle.language}`;

/** The module under src/features that renders a route, without extension (its chunk is preloaded by its HTML). */
export function routeModule(handle: RouteHandle): string {
  return handle.page ? PAGES[handle.page].module : ERROR_ROUTES.module;
}

async function importRoute(handle: RouteHandle): Promise<ComponentType> {
  const component = handle.page
    ? PAGES[handle.page].load().then((module) => module.default)
    : ERROR_ROUTES.load().then((module) => module.ERROR_PAGES[handle.errorStatus ?? 404]);
  const [Component] = await Promise.all([component, ensureNamespaces(handle.language, handle.namespaces)]);
  return Component;
}

/**
 * Loads a route's component and strings once; a failed load is remembered for routeComponent (below) and forgotten by
 * loading, so that the next visit tries again.
 */
export function loadRoute(handle: RouteHandle): Promise<ComponentType> {
  const key = keyOf(handle);
  let promise = loading.get(key);
  if (!promise) {
    promise = importRoute(handle).then(
      (Component) => {
        loaded.set(key, Component);
        failures.delete(key);
        return Component;
      },
      (error: unknown) => {
        loading.delete(key);
        failures.set(key, error);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The route's component, for rendering: the site's router shows a location only once loadRoute has settled for it
 * (app/SiteRouter.tsx), so this is the component, or the error that stopped it loading (the crash boundary shows it).
 */
export function routeComponent(handle: RouteHandle): ComponentType {
  const key = keyOf(handle);
  const Component = loaded.get(key);
  if (Component) return Component;
  const failure = failures.get(key);
  if (failure instanceof Error) throw failure;
  throw new Error(`route ${key} ${failures.has(key) ? 'failed to load' : 'rendered before it loaded'}`, {
    cause: failure,
  });
}

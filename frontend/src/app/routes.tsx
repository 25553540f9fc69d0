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

/** Loads a route's component and strings once; a failed load is forgotten so that the next visit tries again. */
export function loadRoute(handle: RouteHandle): Promise<ComponentType> {
  const key = keyOf(handle);
  let promise = loading.get(key);
  if (!promise) {
    promise = importRoute(handle).then(
      (Component) => {
        loaded.set(key, Component);
        return Component;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** The route's component if it has loaded, else undefined. */
export function loadedRoute(handle: RouteHandle): ComponentType | undefined {
  return loaded.get(keyOf(handle));
}

import type { Request } from 'express';
import { routeLabel } from './http-metrics';

/** A request as the metrics middleware sees it once answered: its method, URL and the route Nest matched, if any. */
function request(originalUrl: string, options: { method?: string; route?: string } = {}): Request {
  return {
    method: options.method ?? 'GET',
    originalUrl,
    route: options.route === undefined ? undefined : { path: options.route },
  } as unknown as Request;
}

describe('routeLabel: the route a request is counted under in the metrics', () => {
  it('takes the route pattern Nest matched for the API and the health checks', () => {
    expect(routeLabel(request('/api/send-email', { method: 'POST', route: '/api/send-email' }), 201)).toBe(
      '/api/send-email',
    );
    expect(routeLabel(request('/readyz?x=1', { route: '/readyz' }), 503)).toBe('/readyz');
  });

  it('counts a page by its id, in every language and however its path is written', () => {
    for (const url of ['/doneer', '/en/donate', '/es/donar', '/en/donate/', '/doneer?amount=10&name=Jan'])
      expect(routeLabel(request(url), 200)).toBe('page:donate');
    expect(routeLabel(request('/'), 200)).toBe('page:home');
    expect(routeLabel(request('/', { method: 'HEAD' }), 302)).toBe('page:home');
  });

  it('groups assets, the site files, the build files and the error paths', () => {
    expect(routeLabel(request('/assets/index-3f9a1c.js'), 200)).toBe('/assets');
    expect(routeLabel(request('/assets/missing.js'), 404)).toBe('/assets');
    expect(routeLabel(request('/sitemap.xml'), 200)).toBe('/sitemap.xml');
    expect(routeLabel(request('/robots.txt'), 304)).toBe('/robots.txt');
    expect(routeLabel(request('/privacy'), 302)).toBe('/privacy');
    expect(routeLabel(request('/favicon.ico'), 200)).toBe('static');
    expect(routeLabel(request('/en/test-500'), 500)).toBe('error-page');
    expect(routeLabel(request('/admin/users'), 403)).toBe('error-page');
  });

  it('never uses a raw path: any number of unknown paths share two labels', () => {
    const labels = new Set<string>();
    for (let i = 0; i < 500; i++) {
      labels.add(routeLabel(request(`/probe-${i}/wp-login.php?user=${i}`), 404));
      labels.add(routeLabel(request(`/api/unknown-${i}`, { method: 'POST', route: '{/*splat}' }), 404));
      labels.add(routeLabel(request(`/unknown-${i}`, { route: '{/*splat}' }), 404));
      labels.add(routeLabel(request(`/favicon-${i}.ico`, { method: 'POST' }), 404));
    }
    expect([...labels].sort()).toEqual(['api-unmatched', 'unmatched']);
  });

  it('counts a request refused before routing (413, cross-site 403) under api-unmatched, not its path', () => {
    expect(routeLabel(request('/api/send-email', { method: 'POST' }), 413)).toBe('api-unmatched');
  });
});

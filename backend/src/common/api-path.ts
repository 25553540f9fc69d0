/** The API lives under /api (JSON answers); every other path is the site (pages, assets). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

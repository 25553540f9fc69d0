import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The URL paths of the build's own files that the static file server answers (`/favicon.svg`, `/images/mission.svg`),
 * listed once at start: the build does not change while the server runs. Pages (`.html`) are SiteService's, hashed
 * bundles under `assets/` have a server of their own. A request for any other path (a page, an unknown path, a
 * probe for `/wp-login.php`) then goes straight to SiteService without a look at the disk; before, each one cost
 * a `stat` and a 404 error object inside the static file server, about a third of the time of serving a page.
 * Without a build (an API-only run) the set is empty.
 */
export function buildFilePaths(staticDir: string): ReadonlySet<string> {
  const paths = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // Dot files are never served (the static file server ignores them; `.precompressed` is SiteService's).
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir !== staticDir || entry.name !== 'assets') walk(path);
      } else if (entry.isFile() && !/\.html?$/i.test(entry.name)) {
        paths.add(encodeURI(`/${relative(staticDir, path).split(sep).join('/')}`));
      }
    }
  };
  if (existsSync(staticDir)) walk(staticDir);
  return paths;
}

import { ConfigError, loadPageBuildConfig } from '../config/app-config';
import { hasPrerenderedSite, writePrecompressed } from '../site/site-pages';

/**
 * The last step of `npm run build` (docs/architecture.md §9.13): compresses every page, error page, the sitemap and
 * robots.txt with brotli and gzip for the PUBLIC_BASE_URL and TURNSTILE_SITE_KEY the server will run with, so the
 * server starts without compressing anything. Without those two variables it only says so: the server then
 * compresses each answer on its first request. A plain script, not a command of cli-runner.ts: it needs no database.
 */
async function main(): Promise<void> {
  let values: ReturnType<typeof loadPageBuildConfig>;
  try {
    values = loadPageBuildConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (!values) {
    console.log('pages: not compressed at build time (set PUBLIC_BASE_URL and TURNSTILE_SITE_KEY to do so)');
    return;
  }
  if (!hasPrerenderedSite(values)) {
    console.error(`pages: no prerendered site in ${values.staticDir}; build the frontend first`);
    process.exit(1);
  }
  const started = Date.now();
  const { entries, bytes } = await writePrecompressed(values);
  console.log(
    `pages: ${entries} answers compressed for ${values.publicBaseUrl} (brotli and gzip, ${(bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

void main();

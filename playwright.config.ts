import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { E2E_BASE_URL } from './e2e/support/ports';
import CHROMIUM_FLAGS from './scripts/chromium-flags.json';

/**
 * The browser: CHROMIUM_PATH, else the Chromium or Chrome scripts/find-tools.mjs finds (the same search `npm test`
 * checks first: Debian's /usr/bin/chromium, other Linux packages, macOS's Google Chrome, Playwright's own download).
 * Undefined when there is none: Playwright then says how to install its browser.
 */
function chromiumPath(): string | undefined {
  try {
    return execFileSync(process.execPath, ['scripts/find-tools.mjs', 'chromium'], {
      cwd: __dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * End-to-end tests drive Debian's Chromium against the real production build: `npm run build` first.
 * global-setup starts the app (backend/dist/main.js) with a fresh database, a loopback SMTP server and local
 * stand-ins for Turnstile and Stripe; see e2e/global-setup.ts.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS, // shared with scripts/audit/lighthouse.mjs
    },
  },
  // A Dutch visitor by default: the server sends "/" to /en or /es for an English or Spanish browser (docs/product.md §2 first
  // load), and Chromium's own default is en-US. Tests of that redirect open contexts with their own locale.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined, locale: 'nl-NL' } }],
});

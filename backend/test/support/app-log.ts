/** The environment's function (app-log-environment.ts) that keeps a piece of app output with the current test. */
export const APP_LOG_GLOBAL = '__keepAppLog';

/**
 * Keeps a piece of an app's output (a log line, a child process's stdout or stderr) with the current test, to be
 * printed only if the test fails (app-log-environment.ts). Outside that environment it goes to stdout, where the app writes it.
 */
export function keepAppLog(text: string): void {
  const keep = (globalThis as Record<string, unknown>)[APP_LOG_GLOBAL] as ((text: string) => void) | undefined;
  if (keep) keep(text);
  else process.stdout.write(text);
}

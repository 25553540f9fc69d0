/**
 * Runs before each test file (jest.config.js setupFilesAfterEnv). Every pino logger an app under test creates in
 * this process writes into the current test's log buffer instead of standard output, unless it was given a
 * destination of its own: the lines are printed only if the test fails (app-log-environment.ts). Loggers the
 * test code builds with an explicit stream (to read the lines) are left alone.
 */
jest.mock('pino', () => {
  const actual = jest.requireActual<typeof import('pino') & Record<string, unknown>>('pino');
  const { keepAppLog } = jest.requireActual<typeof import('./app-log')>('./app-log');
  const buffer = { write: (line: string) => keepAppLog(line) };
  const isStream = (value: unknown) =>
    typeof value === 'string' ||
    (typeof value === 'object' && value !== null && ('write' in value || 'transport' in value));
  function pino(...args: unknown[]) {
    const [options, stream] = args;
    if (stream === undefined && !isStream(options)) return actual.pino(options ?? {}, buffer);
    return (actual.pino as (...all: unknown[]) => unknown)(...args);
  }
  return Object.assign(pino, actual, { pino, default: pino });
});

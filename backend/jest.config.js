/** Backend tests: unit (*.spec.ts) and integration against real PostgreSQL / SMTP (*.int-spec.ts). */
const swc = JSON.parse(require('node:fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
delete swc.$schema;
delete swc.jsc.baseUrl;
module.exports = {
  rootDir: '.',
  // The apps' log lines are kept per test and printed only for a failing one (test/support/app-log-environment.ts).
  testEnvironment: '<rootDir>/test/support/app-log-environment.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/app-log-setup.ts'],
  testRegex: '.*\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
  globalTeardown: '<rootDir>/test/global-teardown.js',
};

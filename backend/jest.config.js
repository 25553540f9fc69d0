/** Backend tests: unit (*.spec.ts) and integration against real PostgreSQL / SMTP (*.int-spec.ts). */
const swc = JSON.parse(require('node:fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
delete swc.$schema;
delete swc.jsc.baseUrl;
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testRegex: '.*\\.(int-)?spec\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
  globalTeardown: '<rootDir>/test/global-teardown.js',
};

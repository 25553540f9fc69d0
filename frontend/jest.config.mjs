/**
 * Component and unit tests (jsdom). Sources compile with @swc/jest (automatic React runtime); contracts come from
 * source; src/app/build-env.ts (the only import.meta user) is swapped for src/test/build-env.ts.
 */
export default {
  testEnvironment: 'jest-fixed-jsdom',
  // contracts/test: the pure rules both sides share (amounts, routes, languages) are tested here, without a database.
  roots: ['<rootDir>/src', '<rootDir>/../contracts/test'],
  testMatch: ['**/__tests__/**/*.test.ts?(x)', '**/contracts/test/**/*.test.ts'],
  transform: {
    '^.+\\.(m?js|tsx?|jsx)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!preact/)'],
  moduleNameMapper: {
    '^react-dom/test-utils$': 'preact/test-utils',
    '^react-dom/client$': 'preact/compat/client',
    '^react-dom/server$': 'preact/compat/server',
    '^react/jsx-runtime$': 'preact/compat/jsx-runtime',
    '^react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
    '^react(-dom)?$': 'preact/compat',
    '^@stichting/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^\\.\\./src$': '<rootDir>/../contracts/src/index.ts',
    '^(\\.{1,2}/)+app/build-env$': '<rootDir>/src/test/build-env.ts',
    '^\\./build-env$': '<rootDir>/src/test/build-env.ts',
    '\\.css$': '<rootDir>/src/test/style-stub.ts',
  },
};

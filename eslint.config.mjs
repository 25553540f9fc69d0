import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TS_SOURCES = ['**/*.{ts,tsx,mts,cts}'];
const PLAIN_JS = ['**/*.{js,mjs,cjs}'];

/*
 * Import boundaries (docs/architecture.md §10): each directory imports only what sits below it. ESLint's core
 * no-restricted-imports sees the import text only, so each rule is a pattern on relative paths; a file matched by
 * several blocks gets the options of the last one, which is why the frontend blocks repeat the browser patterns.
 */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const BACKEND_UP = {
  regex: '^(\\./|(\\.\\./)+)cli(/|$)',
  message: 'The staff commands in cli/ sit on top: a domain module does not import them.',
};
const BACKEND_FOUNDATION = {
  // From common/, config/ and database/: only each other and the generated Prisma client.
  regex: '^\\.\\./(?!(common|config|database|generated)/)',
  message: 'common/, config/ and database/ sit below the domain modules and import none of them.',
};
const FRONTEND_TESTS = ['frontend/src/**/__tests__/**', 'frontend/src/test/**'];
const BROWSER_ONLY = [
  { regex: '^node:', message: 'The browser bundle imports no Node modules (only tests and build scripts may).' },
  {
    regex: `^(${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/|$)`,
    message: 'The browser bundle imports no Node modules (only tests and build scripts may).',
  },
  {
    regex: '(^|/)backend(/|$)|^(@nestjs|@prisma)/|^(pg|pg-boss|express|nodemailer|stripe)$',
    message: 'The browser bundle imports no server code; shared rules live in @stichting/contracts.',
  },
];
const COMPONENTS_DOWN = {
  regex: '^(\\.\\./)+(app|features)(/|$)',
  message: 'Shared components import nothing from app/ or features/: move the helper into components/ or pass it in.',
};
const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFeatures = (feature) => ({
  regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((name) => name !== feature).join('|')})(/|$)`,
  message: 'A feature does not import another feature: move what both need into components/ or contracts.',
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/build/**',
      'backend/src/generated/**',
      'test-results/**',
      'playwright-report/**',
      'docs/lighthouse/**',
    ],
  },
  js.configs.recommended,
  // Type-checked rules on every TypeScript file: each one belongs to a tsconfig (backend, frontend, contracts,
  // contracts/test, e2e; playwright.config.ts is in e2e/tsconfig.json), found by the project service.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS_SOURCES })),
  {
    files: TS_SOURCES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  // Plain JavaScript (scripts, jest configs, stand-ins) is in no tsconfig: syntax rules only.
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: config.files ?? PLAIN_JS })),
  { ...tseslint.configs.disableTypeChecked, files: PLAIN_JS },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests compare against Jest's asymmetric matchers (expect.any, expect.stringMatching), which are typed `any`,
    // and read pg rows and JSON answers (`any` by their libraries' types); the other type-checked rules apply.
    files: [
      'backend/test/**/*.ts',
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/__tests__/**/*.{ts,tsx}',
      'frontend/src/test/**/*.{ts,tsx}',
      'contracts/test/**/*.ts',
      'e2e/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/cli/**'],
    rules: restrictImports(BACKEND_UP),
  },
  {
    // PostgreSQL runs Prisma's case-insensitive match as ILIKE, where `_` and `%` are wildcards: a match on
    // jose_m@example.org would also find joseXm@example.org. Only the escaping helper may say it (docs/architecture.md §5.2).
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: [
      'backend/src/database/text-match.ts',
      'backend/src/database/text-match.spec.ts',
      'backend/src/generated/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Property[key.name='mode']:matches([value.value='insensitive'], [value.expression.value='insensitive'])",
          message:
            "Match an address through equalsIgnoringCase (backend/src/database/text-match.ts), not mode: 'insensitive'.",
        },
      ],
    },
  },
  {
    files: ['backend/src/{common,config,database}/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    rules: restrictImports(BACKEND_FOUNDATION),
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: FRONTEND_TESTS,
    rules: restrictImports(...BROWSER_ONLY),
  },
  {
    files: ['frontend/src/components/**/*.{ts,tsx}'],
    ignores: FRONTEND_TESTS,
    rules: restrictImports(...BROWSER_ONLY, COMPONENTS_DOWN),
  },
  ...FEATURES.map((feature) => ({
    files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: FRONTEND_TESTS,
    rules: restrictImports(...BROWSER_ONLY, otherFeatures(feature)),
  })),
  {
    // contracts/src is shared by the server and the browser bundle: plain TypeScript importing only itself.
    files: ['contracts/src/**/*.ts'],
    rules: restrictImports({ regex: '^(?!\\./)', message: 'contracts/src imports nothing outside contracts/src.' }),
  },
  {
    files: ['backend/**/*.js', 'scripts/**/*.cjs', '**/*.config.js', 'backend/test/**/*.js', 'docker/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.{mjs,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

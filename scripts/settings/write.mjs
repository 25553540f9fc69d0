#!/usr/bin/env node
/**
 * `npm run settings:docs`: writes the files generated from the table of settings (backend/src/config/settings.ts):
 * .env.example, docs/configuration.md, the app environment of both compose files, and the Kubernetes ConfigMap and
 * Secret template. backend/src/config/configuration-docs.spec.ts fails while one of them is out of date.
 *
 * The TypeScript sources are compiled on the fly with swc (a dependency of the backend already), so this needs no
 * build first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'backend/package.json'));
const { transformSync } = require('@swc/core');

// Let require() load .ts files (extensionless imports included) as CommonJS.
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const { generatedFiles } = require(join(root, 'backend/src/config/settings-files.ts'));
const read = (path) => readFileSync(join(root, path), 'utf8');
for (const { path, text } of generatedFiles(read)) {
  if (read(path) === text) continue;
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}

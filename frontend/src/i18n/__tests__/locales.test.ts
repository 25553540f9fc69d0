import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@stichting/contracts';
import { LOCALES_DIR } from '../../test/build-env';

/** Every key path of a translation tree ("nav.about", "errors.e404.title", ...). */
function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}

const read = (language: string, file: string): unknown =>
  JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8'));
const namespaceFiles = readdirSync(join(LOCALES_DIR, 'nl')).sort();

describe('translations', () => {
  test('nl, en and es have the same namespace files', () => {
    for (const language of LANGUAGES) expect(readdirSync(join(LOCALES_DIR, language)).sort()).toEqual(namespaceFiles);
  });

  // Covers every namespace, including the ones added later: a new file is picked up automatically.
  test.each(namespaceFiles)('%s has identical key sets in nl, en and es, with no empty strings', (file) => {
    const dutch = keyPaths(read('nl', file)).sort();
    for (const language of LANGUAGES) {
      const tree = read(language, file);
      expect({ language, keys: keyPaths(tree).sort() }).toEqual({ language, keys: dutch });
      for (const key of dutch) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        expect({ language, key, empty: typeof value !== 'string' || value.trim() === '' }).toEqual({
          language,
          key,
          empty: false,
        });
      }
    }
  });

  test('the namespace registry lists every namespace file', () => {
    const registry = readFileSync(join(__dirname, '..', 'namespaces.ts'), 'utf8');
    for (const file of namespaceFiles) expect(registry).toContain(`import('../locales/nl/${file}')`);
  });
});

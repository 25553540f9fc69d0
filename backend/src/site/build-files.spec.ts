import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFilePaths } from './build-files';

describe('the build files the static file server answers', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'build-files-'));
    for (const file of [
      'index.html',
      '404.html',
      'favicon.svg',
      'images/mission.svg',
      'images/supporters/duinhost.svg',
      'images/two words.png',
      'en/donate/index.html',
      'assets/entry-abc123.js',
      '.precompressed/index.html.br',
      'images/.DS_Store',
    ]) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), 'x');
    }
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every non-page file by its URL path, and no page, hashed bundle or dot file', () => {
    expect([...buildFilePaths(dir)].sort()).toEqual([
      '/favicon.svg',
      '/images/mission.svg',
      '/images/supporters/duinhost.svg',
      '/images/two%20words.png',
    ]);
  });

  it('is empty without a build', () => {
    expect(buildFilePaths(join(dir, 'missing')).size).toBe(0);
  });
});

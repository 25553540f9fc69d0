import { EXAMPLE_FACTS } from '@stichting/contracts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../../..');

describe('the build step (scripts/foundation/apply.mjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'facts-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const apply = (facts: unknown) => {
    const file = join(dir, 'foundation.json');
    writeFileSync(file, typeof facts === 'string' ? facts : JSON.stringify(facts));
    return spawnSync(
      process.execPath,
      ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'scripts/foundation/apply.mjs'],
      {
        cwd: REPO,
        env: { ...process.env, FOUNDATION_FILE: file, NODE_OPTIONS: '' },
        encoding: 'utf8',
      },
    );
  };

  it('refuses a file with a wrong RSIN and IBAN, naming both fields, and writes nothing', () => {
    const generated = join(REPO, 'contracts/src/foundation.generated.json');
    const before = readFileSync(generated, 'utf8');
    const result = apply({ ...EXAMPLE_FACTS, rsin: '123456789', iban: 'NL00 BANK 0000 0000 00' });
    expect(result.status).toBe(1);
    expect(readFileSync(generated, 'utf8')).toBe(before);
    expect(result.stderr).toContain('rsin: "123456789" is not an RSIN (nine digits passing the eleven-test)');
    expect(result.stderr).toContain('iban: "NL00 BANK 0000 0000 00" is not an IBAN');
  });

  it('refuses a file that is not JSON, saying which file', () => {
    const result = apply('{ "name": ');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/cannot be read from .*foundation\.json/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@stichting/contracts';
import { fill, loadSiteCopy, LOCALES_DIR, SITE_NAMESPACES, siteCopy, translationProblems } from './site-copy';

const raw = (language: string, namespace: string): unknown =>
  JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));

describe('the site copy the backend reads (frontend/src/locales)', () => {
  it.each(SITE_NAMESPACES)('%s has every key of the Dutch file in en and es, and no empty string', (namespace) => {
    for (const language of LANGUAGES) {
      expect({ language, problems: translationProblems(raw('nl', namespace), raw(language, namespace)) }).toEqual({
        language,
        problems: [],
      });
    }
  });

  it('loads every namespace in every language, as the app does at start', () => {
    expect(() => loadSiteCopy()).not.toThrow();
    expect(siteCopy('email', 'es')).toEqual(raw('es', 'email'));
  });

  it('names what a translation lacks, adds or leaves empty', () => {
    const dutch = { subject: 'Onderwerp', staff: { yes: 'Ja', no: 'Nee' }, paragraphs: ['Een', 'Twee'] };
    const translated = { staff: { yes: ' ', no: 'No', maybe: 'Maybe' }, paragraphs: ['One'] };
    expect(translationProblems(dutch, translated)).toEqual([
      'missing subject',
      'missing paragraphs.1',
      'unexpected staff.maybe',
      'empty staff.yes',
    ]);
  });
});

describe('fill', () => {
  it('fills the {{name}} placeholders the site uses', () => {
    expect(fill('Je referentie: {{id}} ({{id}})', { id: 'abc' })).toBe('Je referentie: abc (abc)');
  });

  it('refuses a placeholder without a value, so a misspelt one never reaches a visitor', () => {
    expect(() => fill('Dank je, {{fundation}}', { foundation: 'Stichting' })).toThrow('no value for {{fundation}}');
  });
});

import { screen } from '@testing-library/react';
import { FOUNDATION, FOUNDATION_EXAMPLE_FIELDS } from '@stichting/contracts';
import { renderAt } from '../../../test/render';
import { ExampleDataRibbon } from '../ExampleDataRibbon';
import { Footer } from '../Footer';

// The footer's credit: the lead-in in the page's language, the builder's name as foundation.json writes it.
describe('the footer credit', () => {
  it.each([
    ['/', 'Website gemaakt door'],
    ['/en', 'Website built by'],
    ['/es', 'Sitio web creado por'],
  ])('on %s reads "%s <name>" and links to the builder', async (path, leadIn) => {
    await renderAt(path, <Footer />);
    const credit = screen.getByRole('link', { name: new RegExp(`^${leadIn} ${FOUNDATION.builderCredit.name}\\b`) });
    expect(credit.getAttribute('href')).toBe(FOUNDATION.builderCredit.url);
    // The defect it replaces: a lead-in with a credit that was a lead-in itself, untranslated.
    expect(credit.textContent).not.toMatch(/door Gebouwd door|by Gebouwd/);
  });
});

describe('the example-data ribbon', () => {
  it.each([
    ['/', 'Voorbeeldgegevens', /voorbeeldgegevens/],
    ['/en', 'Example data', /example data/],
    ['/es', 'Datos de ejemplo', /datos de ejemplo/],
  ])('on %s says in the page language that the facts are examples', async (path, label, words) => {
    await renderAt(path, <ExampleDataRibbon />);
    if (FOUNDATION_EXAMPLE_FIELDS.length === 0) {
      // A build with the foundation's own facts shows no ribbon.
      expect(screen.queryByRole('complementary')).toBeNull();
      return;
    }
    expect(screen.getByRole('complementary', { name: label }).textContent).toMatch(words);
  });
});

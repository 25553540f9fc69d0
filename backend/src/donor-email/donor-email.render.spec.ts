import { FOUNDATION, LANGUAGES } from '@stichting/contracts';
import { renderDonorEmail, type DonorEmailFacts } from './donor-email.render';

const LINKS = {
  manage: 'https://www.example.org/mijn-donatie/beheren?token=abc.def',
  newLink: 'https://www.example.org/mijn-donatie',
  periodicGift: 'https://www.example.org/contact?topic=periodic-gift',
};

const FACTS: DonorEmailFacts[] = [
  { kind: 'welcome', amountCents: 2500, startedAt: new Date('2026-01-15T09:00:00Z') },
  { kind: 'payment_failed', amountCents: 2500 },
  { kind: 'cancelled' },
  { kind: 'manage_link' },
  {
    kind: 'statement',
    year: 2026,
    corrected: false,
    payments: [
      { paidAt: new Date('2026-01-15T09:00:00Z'), amountCents: 2500 },
      { paidAt: new Date('2026-02-15T09:00:00Z'), amountCents: 2550 },
    ],
  },
];

describe('donor emails', () => {
  // Every text each email needs exists in every language (a missing key or placeholder throws).
  it.each(LANGUAGES.flatMap((language) => FACTS.map((facts) => [language, facts.kind, facts] as const)))(
    '%s %s: renders text and HTML with the foundation, and its links',
    (language, kind, facts) => {
      const mail = renderDonorEmail(facts, language, LINKS);
      expect(mail.subject.length).toBeGreaterThan(10);
      expect(mail.text).toContain(FOUNDATION.name);
      expect(mail.text).toContain(FOUNDATION.rsin);
      expect(mail.text).not.toMatch(/\{\{|\}\}/);
      expect(mail.html).toContain(`<html lang="${language}">`);
      if (kind !== 'statement') {
        expect(mail.text).toContain(LINKS.manage);
        expect(mail.html).toContain('href="https://www.example.org/mijn-donatie/beheren?token=abc.def"');
      }
    },
  );

  it('lists every payment of a statement with its day and the total', () => {
    const mail = renderDonorEmail(FACTS[4], 'nl', LINKS);
    expect(mail.subject).toBe('Jaaroverzicht van je giften in 2026');
    expect(mail.text).toMatch(/15 januari 2026\s+€\s25\n/);
    expect(mail.text).toMatch(/15 februari 2026\s+€\s25,50\n/);
    expect(mail.text).toMatch(/Totaal 2026\s+€\s50,50/);
  });

  it('marks a corrected statement as replacing the earlier one, in its subject and first paragraph', () => {
    const statement = FACTS.find((facts) => facts.kind === 'statement')!;
    const mail = renderDonorEmail({ ...statement, corrected: true }, 'en', LINKS);
    expect(mail.subject).toBe('Corrected annual statement of your gifts in 2026');
    expect(mail.text.split('\n\n')[1]).toMatch(
      /^This is a corrected annual statement\. It replaces the statement for 2026/,
    );
  });

  it('escapes what it puts into HTML, links included', () => {
    const mail = renderDonorEmail({ kind: 'manage_link' }, 'en', { ...LINKS, manage: 'https://x.example/?a=1&b="2"' });
    expect(mail.html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).not.toContain('b="2"');
  });
});

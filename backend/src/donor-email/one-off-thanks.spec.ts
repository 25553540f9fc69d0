import { FOUNDATION, LANGUAGES } from '@stichting/contracts';
import { renderDonorEmail } from './donor-email.render';

const LINKS = {
  manage: 'https://www.example.org/mijn-donatie/beheren?token=abc.def',
  newLink: 'https://www.example.org/mijn-donatie',
  periodicGift: 'https://www.example.org/contact?topic=periodic-gift',
};

/** What each language says of an ordinary gift to an ANBI (docs/product.md §7.9): threshold, minimum, maximum. */
const ANBI_FACTS = {
  nl: ['ANBI', '1% van je inkomen', '€ 60', '10% van je inkomen'],
  en: ['ANBI', '1% of your income', '€ 60', '10% of your income'],
  es: ['ANBI', 'el 1% de tus ingresos', '60 €', 'el 10% de tus ingresos'],
} as const;

describe('the thank-you for a one-off gift (docs/product.md §7.9)', () => {
  it.each(LANGUAGES)(
    '%s: amount, date, RSIN and the ANBI facts of an ordinary gift, and no manage link',
    (language) => {
      const mail = renderDonorEmail(
        { kind: 'one_off_thanks', amountCents: 5000, paidAt: new Date('2026-03-02T10:00:00Z') },
        language,
        LINKS,
      );
      expect(mail.subject.length).toBeGreaterThan(10);
      expect(mail.text).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).toContain(FOUNDATION.name);
      expect(mail.text).toContain(`RSIN ${FOUNDATION.rsin}`);
      for (const fact of ANBI_FACTS[language]) expect(mail.text.replace(/\u00a0/g, ' ')).toContain(fact);
      expect(mail.text).toMatch({ nl: /€\s50/, en: /€50/, es: /50\s€/ }[language]);
      expect(mail.text).toContain({ nl: '2 maart 2026', en: '2 March 2026', es: '2 de marzo de 2026' }[language]);
      // Nothing to manage: no manage link, no "monthly" in the footer.
      expect(mail.text).not.toContain(LINKS.manage);
      expect(mail.text).not.toContain(LINKS.newLink);
      expect(mail.html).not.toContain('token=');
      expect(mail.text).not.toMatch(/maandelijk|monthly|mensual/i);
    },
  );
});

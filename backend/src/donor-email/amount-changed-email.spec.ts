import { LANGUAGES } from '@stichting/contracts';
import { renderDonorEmail } from './donor-email.render';

const LINKS = {
  manage: 'https://www.example.org/mijn-donatie/beheren?token=abc.def',
  newLink: 'https://www.example.org/mijn-donatie',
  periodicGift: 'https://www.example.org/contact?topic=periodic-gift',
};

// docs/product.md §7.10: the confirmation of an amount change thanks for an increase, and never reads like a goodbye.
describe('the amount-changed email', () => {
  it.each(LANGUAGES)('%s: both amounts, no charge today, and the manage link', (language) => {
    const mail = renderDonorEmail({ kind: 'amount_changed', previousCents: 2500, newCents: 5000 }, language, LINKS);
    expect(mail.text).toMatch(/50/);
    expect(mail.text).toMatch(/25/);
    expect(mail.text).toContain(LINKS.manage);
    expect(mail.text).not.toMatch(/\{\{|\}\}/);
  });

  it('thanks for giving more, and keeps a lower amount a continuing gift', () => {
    const more = renderDonorEmail({ kind: 'amount_changed', previousCents: 2500, newCents: 5000 }, 'en', LINKS);
    expect(more.text).toContain('Thank you for giving more! From your next monthly debit on, your gift is €50 a month');
    const less = renderDonorEmail({ kind: 'amount_changed', previousCents: 5000, newCents: 1000 }, 'nl', LINKS);
    expect(less.text).toMatch(/Je gift loopt door: vanaf je volgende maandelijkse afschrijving is die €\s10 per maand/);
    expect(less.text).not.toMatch(/afscheid|gestopt|opgezegd/i);
  });
});

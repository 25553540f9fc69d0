import { formatEuro, formatNumber, LANGUAGES, LOCALE_TAGS, MAX_DONATION_EUR, type Language } from '../src';

// The written-out formatters must say exactly what Intl.NumberFormat says for each language (src/format.ts says why
// they exist): the same text on the prerendered page, after hydration and in the donor emails.
const currency = (language: Language, fractionDigits: number) =>
  new Intl.NumberFormat(LOCALE_TAGS[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
/** Intl's text for an amount: whole euros without cents, otherwise with two digits of cents. */
const intlEuro = (value: number, language: Language) =>
  currency(language, Number.isInteger(value) ? 0 : 2).format(value);

describe.each(LANGUAGES)('numbers and amounts in %s', (language) => {
  it('writes every whole-euro amount a form accepts as Intl does', () => {
    for (let euro = 0; euro <= MAX_DONATION_EUR; euro += 1) {
      if (formatEuro(euro, language) !== intlEuro(euro, language))
        throw new Error(`${euro}: ${formatEuro(euro, language)} vs ${intlEuro(euro, language)}`);
    }
  });

  it('writes amounts with cents as Intl does, from the cents a payment reports', () => {
    for (const cents of [1, 5, 10, 99, 101, 750, 1_050, 99_999, 100_001, 123_456, 1_000_050, 123_456_789]) {
      expect(formatEuro(cents / 100, language)).toBe(intlEuro(cents / 100, language));
    }
    for (let cents = 1; cents < 2_000_000; cents += 997) {
      if (cents % 100 === 0) continue;
      expect(formatEuro(cents / 100, language)).toBe(intlEuro(cents / 100, language));
    }
  });

  it('writes a refund (a negative amount) as Intl does', () => {
    for (const value of [-5, -25.5, -1_000, -12_345.67])
      expect(formatEuro(value, language)).toBe(intlEuro(value, language));
  });

  it('writes whole numbers with the thousands separator of the language, as Intl does', () => {
    for (const value of [0, 2, 999, 1_000, 9_999, 10_000, 123_456, 1_234_567, -1_000, -10_000, 2 ** 40]) {
      expect(formatNumber(value, language)).toBe(new Intl.NumberFormat(LOCALE_TAGS[language]).format(value));
    }
  });

  it('hands what is not an amount to Intl, as before, instead of failing the page', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatEuro(value, language)).toBe(intlEuro(value, language));
  });

  it('hands a number with decimals to Intl', () => {
    expect(formatNumber(1234.5, language)).toBe(new Intl.NumberFormat(LOCALE_TAGS[language]).format(1234.5));
  });
});

it('shows the differences a reader notices', () => {
  expect([formatEuro(1000, 'nl'), formatEuro(1000, 'en'), formatEuro(1000, 'es')]).toEqual([
    '€\u00a01.000',
    '€1,000',
    '1000\u00a0€',
  ]);
  expect([formatEuro(25.5, 'nl'), formatEuro(25.5, 'en'), formatEuro(25.5, 'es')]).toEqual([
    '€\u00a025,50',
    '€25.50',
    '25,50\u00a0€',
  ]);
  expect(formatNumber(10_000, 'es')).toBe('10.000');
});

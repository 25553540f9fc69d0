import {
  EXAMPLE_FACTS,
  EXAMPLE_FIELDS,
  exampleFactFields,
  foundationFactProblems,
  isValidBic,
  isValidIban,
  isValidKvk,
  isValidRsin,
  type FoundationFacts,
} from '../src/foundation-facts';

// The machine checks of foundation.json (docs/configuration.md, "The foundation's facts").
describe("checks on the foundation's numbers", () => {
  it.each([
    'NL91 ABNA 0417 1643 00', // the Dutch banks' published example
    'NL91ABNA0417164300',
    'nl91 abna 0417 1643 00',
    'NL74 EXMP 0123 4567 89', // the shipped example
    'DE89 3704 0044 0532 0130 00',
    'GB82 WEST 1234 5698 7654 32',
    'BE68 5390 0754 7034',
  ])('accepts the IBAN %p (mod 97 is 1)', (iban) => expect(isValidIban(iban)).toBe(true));

  it.each([
    ['NL91 ABNA 0417 1643 01', 'last digit changed'],
    ['NL19 ABNA 0417 1643 00', 'check digits swapped'],
    ['NL00 BANK 0000 0000 00', 'the old placeholder'],
    ['NL91 ABNA 0417 1643', 'too short for NL'],
    ['NL91 ABNA 0417 1643 000', 'too long for NL'],
    ['91NL ABNA 0417 1643 00', 'no country'],
    ['', 'empty'],
  ])('refuses the IBAN %p (%s)', (iban) => expect(isValidIban(iban)).toBe(false));

  it.each(['123456782', '111222333'])('accepts the RSIN %p (eleven-test)', (rsin) =>
    expect(isValidRsin(rsin)).toBe(true),
  );

  it.each([
    ['123456789', 'fails the eleven-test'],
    ['123456783', 'last digit off by one'],
    ['000000000', 'all zeros, the old placeholder'],
    ['12345678', 'eight digits'],
    ['1234567820', 'ten digits'],
    ['12345678a', 'a letter'],
  ])('refuses the RSIN %p (%s)', (rsin) => expect(isValidRsin(rsin)).toBe(false));

  it('takes a KvK number of eight digits only', () => {
    expect(isValidKvk('12345678')).toBe(true);
    expect(isValidKvk('41198630')).toBe(true);
    for (const kvk of ['1234567', '123456789', '1234 5678', '00000000', 'KVK12345'])
      expect(isValidKvk(kvk)).toBe(false);
  });

  it('takes a BIC of eight or eleven characters', () => {
    for (const bic of ['ABNANL2A', 'RABONL2U', 'INGBNL2AXXX']) expect(isValidBic(bic)).toBe(true);
    for (const bic of ['ABNANL', 'abnanl2a', 'ABNA NL2A', 'ABNANL2AX']) expect(isValidBic(bic)).toBe(false);
  });
});

describe('foundationFactProblems', () => {
  const realFacts: FoundationFacts = {
    ...EXAMPLE_FACTS,
    kvk: '41198630',
    rsin: '111222333',
    iban: 'NL91 ABNA 0417 1643 00',
    bic: 'ABNANL2A',
  };

  it('finds nothing wrong with the shipped examples, so a development build works', () => {
    expect(foundationFactProblems(EXAMPLE_FACTS)).toEqual([]);
  });

  it('names each bad field, all of them at once', () => {
    const bad = {
      ...realFacts,
      kvk: '1234567',
      rsin: '123456789',
      iban: 'NL91 ABNA 0417 1643 01',
      emails: { nl: 'info-at-example.org', other: 'contact@samenverder.nl' },
      documents: {
        ...realFacts.documents,
        terms: { ...realFacts.documents.terms, es: 'http://insecure.example/x.pdf' },
      },
      policyPlanYear: '2025',
    };
    expect(foundationFactProblems(bad)).toEqual([
      'kvk: "1234567" is not a KvK number (eight digits)',
      'rsin: "123456789" is not an RSIN (nine digits passing the eleven-test)',
      'iban: "NL91 ABNA 0417 1643 01" is not an IBAN (its check digits are wrong, or its length is)',
      'emails.nl: "info-at-example.org" is not an email address',
      'documents.terms.es: "http://insecure.example/x.pdf" is not an https:// address',
      'policyPlanYear: a year such as 2025',
    ]);
  });

  it('names a missing field and refuses text without a length limit', () => {
    const { bic: _bic, ...withoutBic } = realFacts;
    expect(foundationFactProblems(withoutBic)).toEqual(['bic: required (text)']);
    expect(foundationFactProblems({ ...realFacts, name: 'x'.repeat(201) })).toEqual(['name: at most 200 characters']);
    expect(foundationFactProblems('not an object')).toEqual(
      expect.arrayContaining(['name: required (text)', 'iban: required (text)', 'builderCredit.url: required (text)']),
    );
  });

  it('tells the examples from replaced values, field by field', () => {
    expect(exampleFactFields(EXAMPLE_FACTS)).toEqual(EXAMPLE_FIELDS);
    expect(exampleFactFields(realFacts)).toEqual(
      EXAMPLE_FIELDS.filter((field) => !['kvk', 'rsin', 'iban', 'bic'].includes(field)),
    );
    expect(EXAMPLE_FIELDS).toEqual(
      expect.arrayContaining(['kvk', 'rsin', 'iban', 'address.street', 'documents.privacy.nl']),
    );
  });
});

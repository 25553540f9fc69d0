import { FOUNDATION } from '@stichting/contracts';
import { agreementParagraphs, isSameName, signerName, type AgreementFacts } from './agreement-text';

/**
 * The text of a periodieke gift agreement (docs/product.md §4.9): the Dutch legal text holds every element a private
 * agreement must hold, and the English and Spanish reading translations follow it paragraph by paragraph.
 */
const WITH_PARTNER: AgreementFacts = {
  transactionNumber: 'PG-2026-00042',
  email: 'anna@example.org',
  firstNames: 'Anna  Maria',
  surname: 'de Vries',
  birthDate: new Date('1970-03-12'),
  birthPlace: 'Utrecht',
  street: 'Dorpsstraat 12',
  postalCode: '1234 AB',
  city: 'Alkmaar',
  country: 'Nederland',
  phone: '+31 6 12345678',
  partnerFirstNames: 'Pieter Jan',
  partnerSurname: 'Bakker',
  partnerBirthDate: new Date('1968-11-02'),
  partnerBirthPlace: 'Leiden',
  monthlyAmountCents: 25_000,
  yearlyAmountCents: 300_000,
  termYears: 5,
  firstYear: 2026,
  endsOnJobLoss: true,
  endsOnDisability: true,
  endsOnAnbiLoss: true,
};

const ALONE: AgreementFacts = {
  ...WITH_PARTNER,
  phone: null,
  partnerFirstNames: null,
  partnerSurname: null,
  partnerBirthDate: null,
  partnerBirthPlace: null,
  monthlyAmountCents: 102_875,
  yearlyAmountCents: 1_234_500,
  termYears: null,
  endsOnJobLoss: false,
  endsOnDisability: false,
  endsOnAnbiLoss: false,
};

/** The paragraphs as one string, a no-break space (between € and the amount) read as a space. */
const text = (facts: AgreementFacts, language: 'nl' | 'en' | 'es' = 'nl') =>
  agreementParagraphs(facts, language)
    .join('\n')
    .replace(/\u00a0/g, ' ');

/** What every version states in the same words: names, places, numbers, years. */
function factsOf(facts: AgreementFacts): string[] {
  return [
    signerName(facts.firstNames, facts.surname),
    facts.birthPlace,
    `${facts.postalCode} ${facts.city}`,
    facts.email,
    ...(facts.partnerFirstNames && facts.partnerSurname
      ? [signerName(facts.partnerFirstNames, facts.partnerSurname), facts.partnerBirthPlace!]
      : []),
    FOUNDATION.name,
    FOUNDATION.rsin,
    String(facts.firstYear),
    facts.transactionNumber,
  ];
}

describe('the agreement text', () => {
  it('holds in Dutch every element a private agreement must hold', () => {
    const dutch = text(WITH_PARTNER);
    for (const element of [
      // The donor: full first names and surname, date and place of birth, address with postcode, city and country.
      'de schenker: Anna Maria de Vries, geboren op 12 maart 1970 te Utrecht',
      'wonende te Dorpsstraat 12, 1234 AB Alkmaar, Nederland',
      'telefoon +31 6 12345678',
      'e-mailadres anna@example.org',
      // The partner who co-signs.
      'diens partner: Pieter Jan Bakker, geboren op 2 november 1968 te Leiden',
      // The foundation, by name and RSIN, and its ANBI status.
      `de ontvanger: ${FOUNDATION.name}`,
      `RSIN ${FOUNDATION.rsin}`,
      'algemeen nut beogende instelling (ANBI)',
      // The fixed yearly amount in figures and in Dutch words, as twelve equal monthly debits.
      'jaarlijks een vast en gelijkmatig bedrag te schenken van € 3.000 (zegge: drieduizend euro)',
      'twaalf gelijke maandelijkse termijnen van € 250',
      // The term and the year of the first payment.
      'gedurende 5 (vijf) jaar',
      'De eerste uitkering vindt plaats in 2026',
      // The end conditions: always death, and each optional clause chosen.
      'in elk van de volgende gevallen: bij het overlijden van de schenker',
      'onvrijwillig werkloos',
      'blijvend volledig of gedeeltelijk arbeidsongeschikt',
      'niet langer als ANBI is aangemerkt',
      // Nothing debited before all signed, and the transaction number.
      'voordat alle partijen haar hebben ondertekend',
      'het transactienummer PG-2026-00042',
    ]) {
      expect(dutch).toContain(element);
    }
    expect(dutch).not.toMatch(/BSN|burgerservicenummer/i);
  });

  it('writes a term until death, the death clause alone, and amounts with cents in figures and words', () => {
    const dutch = text(ALONE);
    expect(dutch).toContain('De gift wordt gedaan tot het overlijden van de schenker.');
    expect(dutch).toContain('vervalt in het volgende geval: bij het overlijden van de schenker.');
    expect(dutch).toContain('€ 12.345 (zegge: twaalfduizend driehonderdvijfenveertig euro)');
    expect(dutch).toContain('termijnen van € 1.028,75');
    expect(dutch).not.toMatch(/partner|telefoon|werkloos|arbeidsongeschikt|niet langer als ANBI/);
  });

  it.each([
    ['with a partner', WITH_PARTNER],
    ['alone', ALONE],
  ])('has the same paragraphs in the reading translations as in Dutch (%s)', (_case, facts) => {
    const dutch = agreementParagraphs(facts, 'nl');
    for (const language of ['en', 'es'] as const) {
      const translation = agreementParagraphs(facts, language);
      expect(translation).toHaveLength(dutch.length);
      // Each fact stands in the same paragraph as in Dutch.
      for (const fact of factsOf(facts)) {
        const where = (paragraphs: string[]) => paragraphs.findIndex((paragraph) => paragraph.includes(fact));
        expect({ language, fact, paragraph: where(translation) }).toEqual({ language, fact, paragraph: where(dutch) });
      }
      // The Dutch words of the amount are quoted in the translation: only they bind.
      expect(translation.join('\n')).toContain(
        facts === ALONE ? 'twaalfduizend driehonderdvijfenveertig euro' : 'drieduizend euro',
      );
    }
  });

  it('compares a typed signature name to the agreement ignoring letter case and extra spaces only', () => {
    const expected = signerName(WITH_PARTNER.firstNames, WITH_PARTNER.surname);
    expect(expected).toBe('Anna Maria de Vries');
    expect(isSameName('  anna  maria DE vries ', expected)).toBe(true);
    expect(isSameName('Anna de Vries', expected)).toBe(false);
    expect(isSameName('Anna Maria de Vries-Bakker', expected)).toBe(false);
  });
});

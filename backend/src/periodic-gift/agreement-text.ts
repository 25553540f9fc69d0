import { FOUNDATION, type Language } from '@stichting/contracts';
import { dutchEuroWords, dutchNumberWords } from '../common/dutch-amount-words';
import { formatCentsForReader } from '../common/money';
import type { PeriodicAgreement } from '../generated/prisma/client';

/** What the agreement's text is built from: the row's facts (docs/product.md §4.9), nothing typed elsewhere. */
export type AgreementFacts = Pick<
  PeriodicAgreement,
  | 'transactionNumber'
  | 'email'
  | 'firstNames'
  | 'surname'
  | 'birthDate'
  | 'birthPlace'
  | 'street'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'phone'
  | 'partnerFirstNames'
  | 'partnerSurname'
  | 'partnerBirthDate'
  | 'partnerBirthPlace'
  | 'monthlyAmountCents'
  | 'yearlyAmountCents'
  | 'termYears'
  | 'firstYear'
  | 'endsOnJobLoss'
  | 'endsOnDisability'
  | 'endsOnAnbiLoss'
>;

/** The title of the agreement, in Dutch (the legal text) and as the reading translations name it. */
export const AGREEMENT_TITLES: Record<Language, string> = {
  nl: 'Overeenkomst periodieke gift in geld',
  en: 'Agreement of a periodic gift in money (reading translation)',
  es: 'Acuerdo de donación periódica en dinero (traducción de lectura)',
};

/** The name a signer types, as the agreement writes it: every first name, then the surname, single spaces. */
export function signerName(firstNames: string, surname: string): string {
  return normalizeSpaces(`${firstNames} ${surname}`);
}

export function normalizeSpaces(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** Whether a typed name is the expected one, ignoring letter case and extra spaces (docs/product.md §4.9). */
export function isSameName(typed: string, expected: string): boolean {
  const fold = (value: string) => normalizeSpaces(value).normalize('NFC').toLocaleLowerCase('nl');
  return fold(typed) === fold(expected);
}

const DAY_FORMATS: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** A calendar date (a DATE column: midnight UTC) as the language writes it, "12 maart 1970". */
function day(date: Date, language: Language): string {
  const tags = { nl: 'nl-NL', en: 'en-GB', es: 'es-ES' } as const;
  DAY_FORMATS[language] ??= new Intl.DateTimeFormat(tags[language], { dateStyle: 'long', timeZone: 'UTC' });
  return DAY_FORMATS[language].format(date);
}

interface Words {
  donor: (who: string) => string;
  partner: (who: string) => string;
  recipient: string;
  agree: string;
  amount: (yearly: string, words: string, monthly: string) => string;
  term: (years: number | null, first: number) => string;
  ends: (clauses: string[]) => string;
  clauses: { death: string; jobLoss: string; disability: string; anbiLoss: string };
  beforeSigning: string;
  number: (transactionNumber: string) => string;
  signing: string;
}

const FOUNDATION_CITY = FOUNDATION.address.city;

/** The Dutch legal text and its faithful reading translations; the Dutch text alone binds (docs/product.md §4.9). */
const WORDS: Record<Language, Words> = {
  nl: {
    donor: (who) => `Ondergetekende, de schenker: ${who},`,
    partner: (who) => `en diens partner: ${who}, die deze overeenkomst mede ondertekent,`,
    recipient: `en de ontvanger: ${FOUNDATION.name}, gevestigd te ${FOUNDATION_CITY}, RSIN ${FOUNDATION.rsin}, een door de Belastingdienst als algemeen nut beogende instelling (ANBI) aangemerkte instelling,`,
    agree: 'komen het volgende overeen:',
    amount: (yearly, words, monthly) =>
      `Artikel 1. De schenker verplicht zich om aan de ontvanger jaarlijks een vast en gelijkmatig bedrag te schenken van ${yearly} (zegge: ${words}), te voldoen in twaalf gelijke maandelijkse termijnen van ${monthly} door middel van automatische incasso.`,
    term: (years, first) =>
      years === null
        ? `Artikel 2. De gift wordt gedaan tot het overlijden van de schenker. De eerste uitkering vindt plaats in ${first}.`
        : `Artikel 2. De gift wordt gedaan gedurende ${years} (${dutchNumberWords(years)}) jaar. De eerste uitkering vindt plaats in ${first}.`,
    ends: (clauses) =>
      `Artikel 3. De verplichting tot uitkering vervalt ${clauses.length > 1 ? 'in elk van de volgende gevallen' : 'in het volgende geval'}: ${clauses.join('; ')}.`,
    clauses: {
      death: 'bij het overlijden van de schenker',
      jobLoss: 'wanneer de schenker onvrijwillig werkloos wordt',
      disability: 'wanneer de schenker blijvend volledig of gedeeltelijk arbeidsongeschikt wordt',
      anbiLoss: 'wanneer de ontvanger niet langer als ANBI is aangemerkt',
    },
    beforeSigning:
      'Artikel 4. Er wordt niets op grond van deze overeenkomst geïncasseerd voordat alle partijen haar hebben ondertekend. Wat eerder is betaald, geldt als gewone gift.',
    number: (number) =>
      `Artikel 5. De ontvanger kent aan deze overeenkomst het transactienummer ${number} toe en bewaart haar tot zeven jaar na afloop.`,
    signing:
      'Artikel 6. Partijen ondertekenen deze overeenkomst met de hand of elektronisch (artikel 3:15a Burgerlijk Wetboek): elke handtekening wordt vastgelegd met naam, tijdstip, het geverifieerde e-mailadres en de SHA-256-vingerafdruk van dit document.',
  },
  en: {
    donor: (who) => `The undersigned, the donor: ${who},`,
    partner: (who) => `and their partner: ${who}, who co-signs this agreement,`,
    recipient: `and the recipient: ${FOUNDATION.name}, established in ${FOUNDATION_CITY}, RSIN ${FOUNDATION.rsin}, an institution designated by the Dutch Tax Administration as a public benefit organisation (ANBI),`,
    agree: 'agree as follows:',
    amount: (yearly, words, monthly) =>
      `Article 1. The donor undertakes to give the recipient a fixed and even amount of ${yearly} a year (in Dutch words: ${words}), paid in twelve equal monthly instalments of ${monthly} by direct debit.`,
    term: (years, first) =>
      years === null
        ? `Article 2. The gift is made until the donor's death. The first payment takes place in ${first}.`
        : `Article 2. The gift is made for ${years} years. The first payment takes place in ${first}.`,
    ends: (clauses) =>
      `Article 3. The obligation to pay ends ${clauses.length > 1 ? 'in each of the following cases' : 'in the following case'}: ${clauses.join('; ')}.`,
    clauses: {
      death: "on the donor's death",
      jobLoss: 'when the donor becomes involuntarily unemployed',
      disability: 'when the donor becomes lastingly fully or partly unfit for work',
      anbiLoss: 'when the recipient is no longer designated as an ANBI',
    },
    beforeSigning:
      'Article 4. Nothing is debited under this agreement before all parties have signed it. Anything paid earlier counts as an ordinary gift.',
    number: (number) =>
      `Article 5. The recipient gives this agreement the transaction number ${number} and keeps it until seven years after it ends.`,
    signing:
      "Article 6. The parties sign this agreement by hand or electronically (article 3:15a of the Dutch Civil Code): each signature is recorded with the name, the time, the verified email address and this document's SHA-256 fingerprint.",
  },
  es: {
    donor: (who) => `El abajo firmante, el donante: ${who},`,
    partner: (who) => `y su pareja: ${who}, que firma también este acuerdo,`,
    recipient: `y la receptora: ${FOUNDATION.name}, con sede en ${FOUNDATION_CITY}, RSIN ${FOUNDATION.rsin}, entidad reconocida por la Administración Tributaria neerlandesa como entidad de utilidad pública (ANBI),`,
    agree: 'acuerdan lo siguiente:',
    amount: (yearly, words, monthly) =>
      `Artículo 1. El donante se compromete a donar a la receptora cada año un importe fijo y uniforme de ${yearly} (en palabras neerlandesas: ${words}), pagado en doce cuotas mensuales iguales de ${monthly} mediante domiciliación bancaria.`,
    term: (years, first) =>
      years === null
        ? `Artículo 2. La donación se realiza hasta el fallecimiento del donante. El primer pago tiene lugar en ${first}.`
        : `Artículo 2. La donación se realiza durante ${years} años. El primer pago tiene lugar en ${first}.`,
    ends: (clauses) =>
      `Artículo 3. La obligación de pago termina ${clauses.length > 1 ? 'en cada uno de los siguientes casos' : 'en el siguiente caso'}: ${clauses.join('; ')}.`,
    clauses: {
      death: 'al fallecer el donante',
      jobLoss: 'cuando el donante quede en desempleo involuntario',
      disability: 'cuando el donante quede de forma duradera total o parcialmente incapacitado para trabajar',
      anbiLoss: 'cuando la receptora deje de estar reconocida como ANBI',
    },
    beforeSigning:
      'Artículo 4. No se cobra nada en virtud de este acuerdo antes de que todas las partes lo hayan firmado. Lo pagado antes cuenta como donación ordinaria.',
    number: (number) =>
      `Artículo 5. La receptora asigna a este acuerdo el número de transacción ${number} y lo conserva hasta siete años después de su fin.`,
    signing:
      'Artículo 6. Las partes firman este acuerdo a mano o electrónicamente (artículo 3:15a del Código Civil neerlandés): cada firma se registra con el nombre, la hora, la dirección de correo electrónico verificada y la huella SHA-256 de este documento.',
  },
};

const BORN: Record<Language, (date: string, place: string) => string> = {
  nl: (date, place) => `geboren op ${date} te ${place}`,
  en: (date, place) => `born on ${date} in ${place}`,
  es: (date, place) => `nacido/a el ${date} en ${place}`,
};
const LIVING: Record<Language, string> = { nl: 'wonende te', en: 'living at', es: 'con domicilio en' };
const CONTACT: Record<Language, { phone: string; email: string }> = {
  nl: { phone: 'telefoon', email: 'e-mailadres' },
  en: { phone: 'phone', email: 'email address' },
  es: { phone: 'teléfono', email: 'correo electrónico' },
};

/**
 * The agreement's paragraphs in `language`: for nl the legal text, for en and es its reading translation, built from
 * the same facts in the same order (docs/product.md §4.9: the contents a private agreement must hold).
 */
export function agreementParagraphs(facts: AgreementFacts, language: Language): string[] {
  const words = WORDS[language];
  const euro = (cents: number) => formatCentsForReader(cents, language);
  const contact = CONTACT[language];
  const donor = [
    signerName(facts.firstNames, facts.surname),
    BORN[language](day(facts.birthDate, language), facts.birthPlace),
    `${LIVING[language]} ${facts.street}, ${facts.postalCode} ${facts.city}, ${facts.country}`,
    ...(facts.phone ? [`${contact.phone} ${facts.phone}`] : []),
    `${contact.email} ${facts.email}`,
  ].join(', ');
  const partner =
    facts.partnerFirstNames && facts.partnerSurname && facts.partnerBirthDate && facts.partnerBirthPlace
      ? [
          words.partner(
            `${signerName(facts.partnerFirstNames, facts.partnerSurname)}, ${BORN[language](day(facts.partnerBirthDate, language), facts.partnerBirthPlace)}`,
          ),
        ]
      : [];
  const clauses = [
    words.clauses.death,
    ...(facts.endsOnJobLoss ? [words.clauses.jobLoss] : []),
    ...(facts.endsOnDisability ? [words.clauses.disability] : []),
    ...(facts.endsOnAnbiLoss ? [words.clauses.anbiLoss] : []),
  ];
  return [
    words.donor(donor),
    ...partner,
    words.recipient,
    words.agree,
    words.amount(
      euro(facts.yearlyAmountCents),
      dutchEuroWords(facts.yearlyAmountCents),
      euro(facts.monthlyAmountCents),
    ),
    words.term(facts.termYears, facts.firstYear),
    words.ends(clauses),
    words.beforeSigning,
    words.number(facts.transactionNumber),
    words.signing,
  ];
}

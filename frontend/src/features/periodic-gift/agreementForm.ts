import {
  hasControlCharacters,
  MAX_DONATION_EUR,
  MIN_DONATION_EUR,
  parseEuroNumber,
  PERIODIC_LIMITS,
  PERIODIC_TERM_YEARS,
  type PeriodicEndClause,
  type PeriodicGiftRequest,
} from '@stichting/contracts';

export type TermChoice = 'five' | 'years' | 'death';
export type FirstYearChoice = 'this' | 'next';

/** What the agreement form holds: every answer as typed (text), checked by `validateAgreement` before sending. */
export interface AgreementValues {
  firstNames: string;
  surname: string;
  birthDate: string;
  birthPlace: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  monthlyAmount: string;
  term: TermChoice;
  termYears: string;
  firstYear: FirstYearChoice;
  endClauses: PeriodicEndClause[];
  hasPartner: boolean;
  partnerFirstNames: string;
  partnerSurname: string;
  partnerBirthDate: string;
  partnerBirthPlace: string;
  partnerEmail: string;
}

export type AgreementField = keyof AgreementValues;

export function emptyAgreement(country: string): AgreementValues {
  return {
    firstNames: '',
    surname: '',
    birthDate: '',
    birthPlace: '',
    street: '',
    postalCode: '',
    city: '',
    country,
    email: '',
    phone: '',
    monthlyAmount: '',
    term: 'five',
    termYears: '',
    firstYear: 'this',
    endClauses: [],
    hasPartner: false,
    partnerFirstNames: '',
    partnerSurname: '',
    partnerBirthDate: '',
    partnerBirthPlace: '',
    partnerEmail: '',
  };
}

/** Why the browser refuses an answer; the page says it in its language (periodicGift.json `errors`). */
export type AgreementError =
  | { code: 'required' | 'singleLine' | 'email' | 'phone' | 'date' | 'tooYoung' | 'partnerEmail' }
  | { code: 'tooLong'; max: number }
  | { code: 'amount'; min: number; max: number }
  | { code: 'termYears'; min: number; max: number };

export type AgreementErrors = Partial<Record<AgreementField, AgreementError>>;

/** The same limits as the server (contracts PERIODIC_LIMITS), so the browser stops what the server would refuse. */
const TEXT_LIMITS: Partial<Record<AgreementField, number>> = {
  firstNames: PERIODIC_LIMITS.firstNames,
  surname: PERIODIC_LIMITS.surname,
  birthPlace: PERIODIC_LIMITS.birthPlace,
  street: PERIODIC_LIMITS.street,
  postalCode: PERIODIC_LIMITS.postalCode,
  city: PERIODIC_LIMITS.city,
  country: PERIODIC_LIMITS.country,
  email: PERIODIC_LIMITS.email,
  phone: PERIODIC_LIMITS.phone,
  partnerFirstNames: PERIODIC_LIMITS.firstNames,
  partnerSurname: PERIODIC_LIMITS.surname,
  partnerBirthPlace: PERIODIC_LIMITS.birthPlace,
  partnerEmail: PERIODIC_LIMITS.email,
};
export const maxLengthOf = (field: AgreementField): number | undefined => TEXT_LIMITS[field];

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The monthly amount in whole cents, or null when it is not an amount within the site's limits (docs/product.md §9.2). */
export function monthlyCents(input: string): number | null {
  const euro = parseEuroNumber(input);
  if (euro === null || euro < MIN_DONATION_EUR || euro > MAX_DONATION_EUR) return null;
  return Math.round(euro * 100);
}

/** A real calendar day as a UTC date, or null. */
function calendarDay(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal && year >= 1900 ? date : null;
}

/** docs/product.md §4.9: whoever signs is at least 18 on the day of the request. */
function isAdult(birth: Date, today: Date): boolean {
  const eighteenth = new Date(Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate()));
  return eighteenth.getTime() <= Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
}

/** The answers the browser refuses, by field (empty when the form may be sent). */
export function validateAgreement(values: AgreementValues, today: Date = new Date()): AgreementErrors {
  const errors: AgreementErrors = {};
  const required: AgreementField[] = [
    'firstNames',
    'surname',
    'birthDate',
    'birthPlace',
    'street',
    'postalCode',
    'city',
    'country',
    'email',
    'monthlyAmount',
  ];
  if (values.term === 'years') required.push('termYears');
  if (values.hasPartner) {
    required.push('partnerFirstNames', 'partnerSurname', 'partnerBirthDate', 'partnerBirthPlace', 'partnerEmail');
  }
  for (const field of Object.keys(TEXT_LIMITS) as AgreementField[]) {
    const value = String(values[field]).trim();
    const max = TEXT_LIMITS[field]!;
    if (value.length > max) errors[field] = { code: 'tooLong', max };
    else if (hasControlCharacters(value, 'line')) errors[field] = { code: 'singleLine' };
  }
  for (const field of ['email', 'partnerEmail'] as const) {
    const value = values[field].trim();
    if (value && !errors[field] && !EMAIL.test(value)) errors[field] = { code: 'email' };
  }
  const phone = values.phone.trim();
  if (phone && !errors.phone && (phone.replace(/\D/g, '').length < 6 || !/^[+\d\s().-]+$/.test(phone))) {
    errors.phone = { code: 'phone' };
  }
  for (const field of ['birthDate', 'partnerBirthDate'] as const) {
    if (!values[field]) continue;
    const birth = calendarDay(values[field]);
    if (!birth) errors[field] = { code: 'date' };
    else if (!isAdult(birth, today)) errors[field] = { code: 'tooYoung' };
  }
  if (values.monthlyAmount.trim() && monthlyCents(values.monthlyAmount) === null) {
    errors.monthlyAmount = { code: 'amount', min: MIN_DONATION_EUR, max: MAX_DONATION_EUR };
  }
  if (values.term === 'years' && values.termYears.trim()) {
    const years = Number(values.termYears.trim());
    if (!Number.isInteger(years) || years < PERIODIC_TERM_YEARS.min || years > PERIODIC_TERM_YEARS.max) {
      errors.termYears = { code: 'termYears', min: PERIODIC_TERM_YEARS.min, max: PERIODIC_TERM_YEARS.max };
    }
  }
  if (
    values.hasPartner &&
    !errors.partnerEmail &&
    values.partnerEmail.trim() &&
    values.partnerEmail.trim().toLowerCase() === values.email.trim().toLowerCase()
  ) {
    errors.partnerEmail = { code: 'partnerEmail' };
  }
  for (const field of required) {
    if (!String(values[field]).trim()) errors[field] = { code: 'required' };
  }
  return errors;
}

/** The request's fields (without language and bot-check token), from answers `validateAgreement` accepted. */
export function toAgreementRequest(
  values: AgreementValues,
  today: Date = new Date(),
): Omit<PeriodicGiftRequest, 'language' | 'turnstileToken'> {
  const trim = (value: string) => value.trim();
  return {
    firstNames: trim(values.firstNames),
    surname: trim(values.surname),
    birthDate: values.birthDate,
    birthPlace: trim(values.birthPlace),
    street: trim(values.street),
    postalCode: trim(values.postalCode),
    city: trim(values.city),
    country: trim(values.country),
    email: trim(values.email),
    ...(trim(values.phone) ? { phone: trim(values.phone) } : {}),
    monthlyAmountCents: monthlyCents(values.monthlyAmount) ?? 0,
    termYears:
      values.term === 'death' ? null : values.term === 'five' ? PERIODIC_TERM_YEARS.min : Number(values.termYears),
    firstYear: today.getFullYear() + (values.firstYear === 'next' ? 1 : 0),
    endClauses: values.endClauses,
    ...(values.hasPartner
      ? {
          partner: {
            firstNames: trim(values.partnerFirstNames),
            surname: trim(values.partnerSurname),
            birthDate: values.partnerBirthDate,
            birthPlace: trim(values.partnerBirthPlace),
            email: trim(values.partnerEmail),
          },
        }
      : {}),
  };
}

/** Server field names (`partner.email`, `monthlyAmountCents`) → the form's inputs, for its field errors. */
export const SERVER_FIELD_NAMES: Partial<Record<string, AgreementField>> = {
  monthlyAmountCents: 'monthlyAmount',
  termYears: 'termYears',
  firstYear: 'firstYear',
  partner: 'partnerFirstNames',
  'partner.firstNames': 'partnerFirstNames',
  'partner.surname': 'partnerSurname',
  'partner.birthDate': 'partnerBirthDate',
  'partner.birthPlace': 'partnerBirthPlace',
  'partner.email': 'partnerEmail',
};

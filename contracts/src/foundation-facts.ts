/**
 * The foundation's facts as the operator writes them in `foundation.json` (docs/configuration.md, "The foundation's
 * facts"): their shape, the checks a machine can make on them, and the examples the repository ships.
 *
 * This file imports nothing at run time: `scripts/foundation/apply.mjs` loads it with Node's type stripping to check
 * the file before the build, and the server checks the built values again at start (backend/src/config).
 */
import type { Language } from './languages';

type PerLanguage = Record<Language, string>;

export interface FoundationFacts {
  /** Legal name as registered with the Chamber of Commerce (KvK). */
  name: string;
  /** The name in the header's wordmark and the footer. */
  shortName: string;
  /** Chamber of Commerce number: eight digits. */
  kvk: string;
  /** RSIN (fiscal number): nine digits passing the eleven-test. */
  rsin: string;
  /** The donation account, as printed (groups of four, spaces allowed): its check digits must be right. */
  iban: string;
  bic: string;
  address: { street: string; postalCode: string; city: string; country: string };
  /** docs/product.md §2 Contact: a Dutch-named address for nl, an English-named one for en and es. */
  emails: { nl: string; other: string };
  social: { linkedin: string; x: string; facebook: string; instagram: string };
  /** External PDFs per language (docs/product.md §7: privacy and terms are external links). */
  documents: { privacy: PerLanguage; terms: PerLanguage; policyPlan: PerLanguage };
  policyPlanYear: number;
  annualReportYear: number;
  /** The footer's credit: "Website built by <name>", the lead-in translated, the name as written here. */
  builderCredit: { name: string; url: string };
}

/**
 * What `foundation.json` holds as shipped: examples, on `.example` domains, whose numbers pass the checks below so a
 * development build works. Production refuses to start while any of the fields in EXAMPLE_FIELDS still has its
 * example value; the name, city and country are the ones the site's own copy is written for, and the years are real
 * either way, so those are not counted as examples.
 */
export const EXAMPLE_FACTS: FoundationFacts = {
  name: 'Stichting Samen Verder',
  shortName: 'Samen Verder',
  kvk: '12345678',
  rsin: '123456782',
  iban: 'NL74 EXMP 0123 4567 89',
  bic: 'EXMPNL2A',
  address: { street: 'Voorbeeldstraat 1', postalCode: '1781 AA', city: 'Den Helder', country: 'Nederland' },
  emails: { nl: 'info@samenverder.example', other: 'contact@samenverder.example' },
  social: {
    linkedin: 'https://www.linkedin.com/company/samenverder-example',
    x: 'https://x.com/samenverder_example',
    facebook: 'https://www.facebook.com/samenverder.example',
    instagram: 'https://www.instagram.com/samenverder.example',
  },
  documents: {
    privacy: {
      nl: 'https://docs.samenverder.example/privacybeleid.pdf',
      en: 'https://docs.samenverder.example/privacy-policy.pdf',
      es: 'https://docs.samenverder.example/politica-de-privacidad.pdf',
    },
    terms: {
      nl: 'https://docs.samenverder.example/algemene-voorwaarden.pdf',
      en: 'https://docs.samenverder.example/terms-and-conditions.pdf',
      es: 'https://docs.samenverder.example/terminos-y-condiciones.pdf',
    },
    policyPlan: {
      nl: 'https://docs.samenverder.example/beleidsplan-2025.pdf',
      en: 'https://docs.samenverder.example/policy-plan-2025.pdf',
      es: 'https://docs.samenverder.example/plan-de-politica-2025.pdf',
    },
  },
  policyPlanYear: 2025,
  annualReportYear: 2025,
  builderCredit: { name: 'Voorbeeld Webbouw', url: 'https://webbouw.example/' },
};

const LANGUAGE_KEYS = ['nl', 'en', 'es'] as const satisfies readonly Language[];
const DOCUMENTS = ['privacy', 'terms', 'policyPlan'] as const;
const SOCIAL = ['linkedin', 'x', 'facebook', 'instagram'] as const;

/** The fields (dotted paths into FoundationFacts) that production refuses to keep at their example value. */
export const EXAMPLE_FIELDS: readonly string[] = [
  'kvk',
  'rsin',
  'iban',
  'bic',
  'address.street',
  'address.postalCode',
  'emails.nl',
  'emails.other',
  ...SOCIAL.map((site) => `social.${site}`),
  ...DOCUMENTS.flatMap((document) => LANGUAGE_KEYS.map((language) => `documents.${document}.${language}`)),
  'builderCredit.name',
  'builderCredit.url',
];

/** The value at a dotted path, or undefined. */
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of `facts` that still hold the shipped example (EXAMPLE_FIELDS order); [] once all are replaced. */
export function exampleFactFields(facts: FoundationFacts): string[] {
  return EXAMPLE_FIELDS.filter((path) => at(facts, path) === at(EXAMPLE_FACTS, path));
}

/** Letters A-Z as 10-35, digits as themselves: the IBAN's number for the mod-97 test (ISO 13616). */
function ibanDigits(text: string): string {
  return [...text]
    .map((character) => (/[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character))
    .join('');
}

/** The IBAN with spaces removed and in capitals (how it is checked and how banks read it). */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: two letters, two check digits, up to 30 letters or digits; a Dutch IBAN is 18 long. Mod 97 must be 1. */
export function isValidIban(iban: string): boolean {
  const compact = compactIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  if (compact.startsWith('NL') && !/^NL\d{2}[A-Z]{4}\d{10}$/.test(compact)) return false;
  const digits = ibanDigits(compact.slice(4) + compact.slice(0, 4));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/**
 * The eleven-test (elfproef) of a nine-digit RSIN: the digits weighted 9, 8, … 2 and the last −1 sum to a multiple
 * of 11. All zeros passes the arithmetic but is no number the tax office gives out.
 */
export function isValidRsin(rsin: string): boolean {
  if (!/^\d{9}$/.test(rsin) || /^0+$/.test(rsin)) return false;
  const digits = [...rsin].map(Number);
  const sum = digits.reduce((total, digit, index) => total + digit * (index === 8 ? -1 : 9 - index), 0);
  return sum % 11 === 0;
}

/** A KvK number is eight digits (not all zeros). */
export function isValidKvk(kvk: string): boolean {
  return /^\d{8}$/.test(kvk) && !/^0+$/.test(kvk);
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);
}

const MAX_TEXT = 200;
/** A dot with something before and after it, e.g. the host "example.org". */
const hasInnerDot = (host: string): boolean => host.slice(1, -1).includes('.');
/**
 * Written out rather than as one pattern: `[^\s@]+\.[^\s@]+` backtracks quadratically on a long run of dots
 * (backend/test/regex-backtracking.spec.ts).
 */
function isEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (/\s/.test(value) || at <= 0 || at !== value.lastIndexOf('@')) return false;
  return hasInnerDot(value.slice(at + 1));
}
function isHttpsUrl(value: string): boolean {
  if (!value.startsWith('https://') || /\s/.test(value)) return false;
  const rest = value.slice('https://'.length);
  const slash = rest.indexOf('/');
  return hasInnerDot(slash === -1 ? rest : rest.slice(0, slash));
}

/**
 * Every problem with `value` as the foundation's facts, each naming its field (e.g. "rsin: ... eleven-test"); [] when
 * it can be built and served. Numbers are checked as the registers define them; text has a length limit.
 */
export function foundationFactProblems(value: unknown): string[] {
  const problems: string[] = [];
  const text = (path: string, check?: (value: string) => boolean, rule?: string): void => {
    const field = at(value, path);
    if (typeof field !== 'string' || field.trim() === '') problems.push(`${path}: required (text)`);
    else if (field.length > MAX_TEXT) problems.push(`${path}: at most ${MAX_TEXT} characters`);
    else if (check && !check(field)) problems.push(`${path}: "${field}" ${rule}`);
  };
  const year = (path: string): void => {
    const field = at(value, path);
    if (typeof field !== 'number' || !Number.isInteger(field) || field < 2000 || field > 2100) {
      problems.push(`${path}: a year such as 2025`);
    }
  };
  text('name');
  text('shortName');
  text('kvk', isValidKvk, 'is not a KvK number (eight digits)');
  text('rsin', isValidRsin, 'is not an RSIN (nine digits passing the eleven-test)');
  text('iban', isValidIban, 'is not an IBAN (its check digits are wrong, or its length is)');
  text('bic', isValidBic, 'is not a BIC (e.g. ABNANL2A)');
  for (const part of ['street', 'postalCode', 'city', 'country']) text(`address.${part}`);
  for (const language of ['nl', 'other']) text(`emails.${language}`, isEmail, 'is not an email address');
  for (const site of SOCIAL) text(`social.${site}`, isHttpsUrl, 'is not an https:// address');
  for (const document of DOCUMENTS) {
    for (const language of LANGUAGE_KEYS) {
      text(`documents.${document}.${language}`, isHttpsUrl, 'is not an https:// address');
    }
  }
  year('policyPlanYear');
  year('annualReportYear');
  text('builderCredit.name');
  text('builderCredit.url', isHttpsUrl, 'is not an https:// address');
  return problems;
}

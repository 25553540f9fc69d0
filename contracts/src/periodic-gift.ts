import type { Language } from './languages';

/**
 * docs/product.md §4.9: the periodieke gift, a written agreement between donor (and partner) and the foundation for at
 * least five years, signed online or on paper and countersigned by the foundation. Every call is a POST; the links in
 * its emails open a page (the token in the fragment after `#`, which never reaches a server), and only the page's
 * button posts the token. A GET of any of these paths reaches no handler.
 */
export const PERIODIC_GIFT_PATHS = {
  /** `PeriodicGiftRequest` → `PeriodicGiftCreated`: stores the agreement and emails the donor a verification link. */
  create: '/api/periodic-gift',
  /** `{token, language}` → `AgreementLinkAnswer`: what the link is for and the agreement to read. Changes nothing. */
  read: '/api/periodic-gift/link',
  /** `{token, language}` (verify_email) → `{success: true, signToken}`: the address is verified, the donor may sign. */
  verify: '/api/periodic-gift/verify',
  /** `{token, language}` (any purpose but start_debits) → the agreement as a PDF attachment (pre-filled for paper). */
  document: '/api/periodic-gift/document',
  /** `{token, language, name, consent: true}` (sign_donor, sign_partner) → `{success: true, status}`. */
  sign: '/api/periodic-gift/sign',
  /** `{token, language}` (countersign) → `{success: true, status}`: the foundation's signatory from the configuration. */
  countersign: '/api/periodic-gift/countersign',
  /** `{token, language, replaceGift: boolean}` (start_debits) → `{success: true, url}`: Stripe Checkout. */
  startDebits: '/api/periodic-gift/start',
} as const;

/** The Turnstile action of the agreement form's widget (contracts/src/turnstile.ts). */
export const PERIODIC_GIFT_TURNSTILE_ACTION = 'periodic-gift';

/** The prefix of a transaction number: PG-<year>-<five digits or more>, e.g. PG-2026-00042. */
export const TRANSACTION_NUMBER_PATTERN = /^PG-\d{4}-\d{5,}$/;

/** docs/product.md §4.9: the term is five years, a chosen number of years of at least five, or until death. */
export const PERIODIC_TERM_YEARS = { min: 5, max: 50 } as const;
/** Optional end conditions besides the donor's death (which always ends the agreement). */
export const PERIODIC_END_CLAUSES = ['jobLoss', 'disability', 'anbiLoss'] as const;
export type PeriodicEndClause = (typeof PERIODIC_END_CLAUSES)[number];

/** Field limits of the agreement form (characters); every string is trimmed and plain text. */
export const PERIODIC_LIMITS = {
  firstNames: 150,
  surname: 100,
  birthPlace: 100,
  street: 150,
  postalCode: 16,
  city: 100,
  country: 60,
  phone: 40,
  email: 254,
  signatureName: 260,
  /** A link's token is 43 characters (32 random bytes, base64url); anything longer is refused unread. */
  token: 64,
} as const;

export interface PeriodicPerson {
  /** Every first name in full, as in the passport. */
  firstNames: string;
  surname: string;
  /** ISO date (YYYY-MM-DD); the signer is at least 18 on the day of the request. */
  birthDate: string;
  birthPlace: string;
}

/** `POST /api/periodic-gift`. No BSN: it is not among the required contents (docs/product.md §4.9). */
export interface PeriodicGiftRequest extends PeriodicPerson {
  language: Language;
  email: string;
  phone?: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  /** Within the site's monthly limits (MIN_DONATION_EUR … MAX_DONATION_EUR), whole cents. */
  monthlyAmountCents: number;
  /** A number of years (PERIODIC_TERM_YEARS), or null: until the donor's death. */
  termYears: number | null;
  /** The calendar year of the first debit: this year or the next. */
  firstYear: number;
  endClauses: PeriodicEndClause[];
  /** A partner co-signs: their details and their own address for their signing link. */
  partner?: PeriodicPerson & { email: string };
  turnstileToken: string;
}

export interface PeriodicGiftCreated {
  success: true;
  transactionNumber: string;
}

export const AGREEMENT_LINK_PURPOSES = [
  'verify_email',
  'sign_donor',
  'sign_partner',
  'countersign',
  'start_debits',
] as const;
export type AgreementLinkPurpose = (typeof AGREEMENT_LINK_PURPOSES)[number];

export const AGREEMENT_STATUSES = [
  'awaiting_verification',
  'awaiting_signatures',
  'awaiting_countersignature',
  'signed',
  'active',
  'stopped',
  'ended',
] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** Why a link cannot be used: unknown or cut off, past its date, or already used (each a notice in the page's language). */
export const AGREEMENT_LINK_PROBLEMS = ['invalid', 'expired', 'used'] as const;
export type AgreementLinkProblem = (typeof AGREEMENT_LINK_PROBLEMS)[number];

export interface AgreementSignatureView {
  role: 'donor' | 'partner' | 'foundation';
  method: 'online' | 'paper';
  signerName: string;
  signerFunction: string | null;
  /** ISO date-time */
  signedAt: string;
  documentSha256: string;
}

/** The agreement as a signer reads it: the Dutch legal text and, for en and es, a reading translation beside it. */
export interface AgreementView {
  transactionNumber: string;
  status: AgreementStatus;
  /** Paragraphs of the Dutch agreement, exactly as in the PDF. */
  dutchText: string[];
  /** The same paragraphs in the page's language (for nl: null). */
  readingTranslation: string[] | null;
  monthlyAmountCents: number;
  yearlyAmountCents: number;
  /** The yearly amount in Dutch words, e.g. "drieduizend euro". */
  yearlyAmountInDutchWords: string;
  termYears: number | null;
  firstYear: number;
  /** SHA-256 (hex) of the agreement PDF the signer signs. */
  documentSha256: string;
  signatures: AgreementSignatureView[];
  hasPartner: boolean;
}

/** `POST /api/periodic-gift/link`. */
export type AgreementLinkAnswer =
  | {
      success: true;
      purpose: AgreementLinkPurpose;
      agreement: AgreementView;
      /** sign_donor / sign_partner: the name to type, exactly as in the agreement ("first names surname"). */
      expectedSignerName: string | null;
      /** start_debits: the donor already gives monthly (the periodic gift may replace it). */
      hasMonthlyGift: boolean;
    }
  | { success: false; error: string; problem: AgreementLinkProblem };

/** Shared form vocabularies (docs/product.md §3, §5). Frontend renders them, backend validates against them. */
export const SUBMISSION_TYPES = ['volunteer', 'contact', 'help-request'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const VOLUNTEER_LOCATIONS = ['remote', 'local'] as const;
export type VolunteerLocation = (typeof VOLUNTEER_LOCATIONS)[number];

/** docs/product.md §3: six categories for remote and local alike. */
export const GENERAL_CATEGORIES = ['admin', 'communications', 'tech', 'creative', 'hr', 'education'] as const;
/** docs/product.md §3: local-only categories that need Dutch. */
export const DUTCH_REQUIRED_CATEGORIES = ['community-engagement', 'customer-support'] as const;
/** docs/product.md §3: local-only categories open to people who do not speak Dutch. */
export const LOCAL_OPEN_CATEGORIES = ['practical-help', 'child-pet-support'] as const;
export const VOLUNTEER_CATEGORIES = [
  ...GENERAL_CATEGORIES,
  ...DUTCH_REQUIRED_CATEGORIES,
  ...LOCAL_OPEN_CATEGORIES,
] as const;
export type VolunteerCategory = (typeof VOLUNTEER_CATEGORIES)[number];

/** docs/product.md §4: remote 6, local + Dutch 10, local without Dutch 8. */
export function categoriesFor(location: VolunteerLocation, speaksDutch: boolean | null): VolunteerCategory[] {
  if (location === 'remote') return [...GENERAL_CATEGORIES];
  if (speaksDutch === null) return [];
  return speaksDutch ? [...VOLUNTEER_CATEGORIES] : [...GENERAL_CATEGORIES, ...LOCAL_OPEN_CATEGORIES];
}

export const AVAILABILITY = ['less-than-2-hours', '2-5-hours', '5-10-hours', '10-plus-hours'] as const;
export const SKILLS = [
  'communication',
  'technology',
  'design',
  'administration',
  'education',
  'fundraising',
  'events',
  'translation',
  'legal',
  'childcare',
  'construction',
  'other',
] as const;
export const SPOKEN_LANGUAGES = ['dutch', 'english', 'spanish', 'other'] as const;
export const PREFERRED_CONTACT = ['email', 'phone', 'both'] as const;
export const HELP_TYPES = ['food', 'housing', 'education', 'medical', 'legal', 'other'] as const;

/** Hidden _subject values (docs/product.md §7), Dutch, used for the staff notification. */
export const STAFF_SUBJECTS: Record<SubmissionType, string> = {
  volunteer: 'Nieuwe vrijwilligersaanmelding',
  contact: 'Nieuw bericht via contactpagina',
  'help-request': 'Nieuwe hulpaanvraag',
};

/**
 * What a text field may hold besides printable characters. A `line` (name, subject, place, phone number) holds
 * no control character at all and no Unicode line or paragraph separator, so it stays one line wherever it is
 * shown (a mail header, a staff mail, a spreadsheet cell). A `text` (message, motivation, description) keeps
 * line breaks (CR, LF) and tabs, and no other control character.
 */
export type TextKind = 'line' | 'text';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when `value` holds a character its kind of field does not take (see TextKind). */
export function hasControlCharacters(value: string, kind: TextKind): boolean {
  return (kind === 'line' ? NOT_IN_LINE : NOT_IN_TEXT).test(value);
}

/**
 * Why the server refused a field: sent with each field error (`codes` beside `fields` in a 400 answer) so the
 * page can say it in its own language. Stable: a client may rely on these values.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid_email',
  'invalid_phone',
  'too_long',
  'single_line',
  'control_characters',
  'invalid_choice',
  'category_local_only',
  'category_requires_dutch',
  'invalid_number',
  'too_small',
  'too_large',
  'duplicate',
  'not_allowed',
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Field length limits, shared so the browser stops what the server would refuse. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  location: 120,
  subject: 200,
  message: 5000,
  motivation: 5000,
  experience: 5000,
  description: 5000,
  category: 80,
  familySizeMax: 50,
  skillsMax: SKILLS.length,
  turnstileToken: 2048,
  errorMessage: 2000,
  errorStack: 16000,
  errorUrl: 2000,
  userAgent: 500,
} as const;

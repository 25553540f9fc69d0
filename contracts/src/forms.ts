/** Shared form vocabularies (spec §3, §5). Frontend renders them, backend validates against them. */
export const SUBMISSION_TYPES = ['volunteer', 'contact', 'help-request'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const VOLUNTEER_LOCATIONS = ['remote', 'local'] as const;
export type VolunteerLocation = (typeof VOLUNTEER_LOCATIONS)[number];

/** spec §3: six categories for remote and local alike. */
export const GENERAL_CATEGORIES = ['admin', 'communications', 'tech', 'creative', 'hr', 'education'] as const;
/** spec §3: local-only categories that need Dutch. */
export const DUTCH_REQUIRED_CATEGORIES = ['community-engagement', 'customer-support'] as const;
/** spec §3: local-only categories open to people who do not speak Dutch. */
export const LOCAL_OPEN_CATEGORIES = ['practical-help', 'child-pet-support'] as const;
export const VOLUNTEER_CATEGORIES = [
  ...GENERAL_CATEGORIES,
  ...DUTCH_REQUIRED_CATEGORIES,
  ...LOCAL_OPEN_CATEGORIES,
] as const;
export type VolunteerCategory = (typeof VOLUNTEER_CATEGORIES)[number];

/** spec §4: remote 6, local + Dutch 10, local without Dutch 8. */
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

/** Hidden _subject values (spec §7), Dutch, used for the staff notification. */
export const STAFF_SUBJECTS: Record<SubmissionType, string> = {
  volunteer: 'Nieuwe vrijwilligersaanmelding',
  contact: 'Nieuw bericht via contactpagina',
  'help-request': 'Nieuwe hulpaanvraag',
};

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

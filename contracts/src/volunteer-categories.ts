import { VOLUNTEER_CATEGORIES, type VolunteerCategory } from './forms';
import type { Language } from './languages';

// A module of its own so that only the volunteer page's chunk (and the API) carries these titles, not every page.

/**
 * The title of each category as the volunteer page shows it. The earlier site sent this translated title instead
 * of the value, so the API accepts any of them (toVolunteerCategory) and stores the value.
 */
export const VOLUNTEER_CATEGORY_TITLES: Record<Language, Record<VolunteerCategory, string>> = {
  nl: {
    admin: 'Administratie',
    communications: 'Communicatie',
    tech: 'Techniek en IT',
    creative: 'Creatief en ontwerp',
    hr: 'Vrijwilligers en HR',
    education: 'Onderwijs en begeleiding',
    'community-engagement': 'Buurt en gemeenschap',
    'customer-support': 'Eerste aanspreekpunt',
    'practical-help': 'Praktische hulp',
    'child-pet-support': 'Kinder- en dierenopvang',
  },
  en: {
    admin: 'Administration',
    communications: 'Communications',
    tech: 'Tech and IT',
    creative: 'Creative and design',
    hr: 'Volunteers and HR',
    education: 'Education and mentoring',
    'community-engagement': 'Community engagement',
    'customer-support': 'First point of contact',
    'practical-help': 'Practical help',
    'child-pet-support': 'Child and pet care',
  },
  es: {
    admin: 'Administración',
    communications: 'Comunicación',
    tech: 'Tecnología e informática',
    creative: 'Creatividad y diseño',
    hr: 'Voluntariado y RR. HH.',
    education: 'Educación y mentoría',
    'community-engagement': 'Participación comunitaria',
    'customer-support': 'Primer punto de contacto',
    'practical-help': 'Ayuda práctica',
    'child-pet-support': 'Cuidado de niños y mascotas',
  },
};

/** Every way a client may name a category (lower case): the value, its camel-case spelling, its three titles. */
const CATEGORY_NAMES = new Map<string, VolunteerCategory>(
  VOLUNTEER_CATEGORIES.flatMap((category) => [
    [category, category] as const,
    [category.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()).toLowerCase(), category] as const,
    ...Object.values(VOLUNTEER_CATEGORY_TITLES).map((titles) => [titles[category].toLowerCase(), category] as const),
  ]),
);

/** The category value for a value, camel-case spelling or translated title (any letter case); else undefined. */
export function toVolunteerCategory(name: string): VolunteerCategory | undefined {
  return CATEGORY_NAMES.get(name.trim().toLowerCase());
}

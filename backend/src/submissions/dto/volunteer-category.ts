import { LANGUAGES, VOLUNTEER_CATEGORIES, type VolunteerCategory } from '@stichting/contracts';
import { siteCopy } from '../../common/site-copy';

let categoryNames: Map<string, VolunteerCategory> | undefined;

/**
 * Every way a client may name a category (lower case): the value, its camel-case spelling, and its title on the
 * volunteer page in each language (`categories.<value>.title` in volunteer.json). The earlier site sent the
 * translated title instead of the value.
 */
function names(): Map<string, VolunteerCategory> {
  categoryNames ??= new Map(
    VOLUNTEER_CATEGORIES.flatMap((category) => [
      [category, category] as const,
      [category.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()).toLowerCase(), category] as const,
      ...LANGUAGES.map(
        (language) => [siteCopy('volunteer', language).categories[category].title.toLowerCase(), category] as const,
      ),
    ]),
  );
  return categoryNames;
}

/** The category value for a value, camel-case spelling or translated title (any letter case); else undefined. */
export function toVolunteerCategory(name: string): VolunteerCategory | undefined {
  return names().get(name.trim().toLowerCase());
}

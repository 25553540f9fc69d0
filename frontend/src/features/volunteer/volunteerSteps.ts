import { categoriesFor, type VolunteerCategory, type VolunteerLocation } from '@stichting/contracts';

/** The choices of the volunteer steps (docs/product.md §4 Volunteer flow). null = not answered yet. */
export interface VolunteerChoices {
  location: VolunteerLocation | null;
  speaksDutch: boolean | null;
  category: VolunteerCategory | null;
}

export type VolunteerStep = 'location' | 'dutch' | 'category';

export const NO_CHOICES: VolunteerChoices = { location: null, speaksDutch: null, category: null };

/** docs/product.md §4: changing the location clears the Dutch answer and the category. */
export function chooseLocation(choices: VolunteerChoices, location: VolunteerLocation): VolunteerChoices {
  if (choices.location === location) return choices;
  return { location, speaksDutch: null, category: null };
}

/** docs/product.md §4: changing the Dutch answer clears the category. */
export function chooseDutch(choices: VolunteerChoices, speaksDutch: boolean): VolunteerChoices {
  if (choices.speaksDutch === speaksDutch) return choices;
  return { ...choices, speaksDutch, category: null };
}

export function chooseCategory(choices: VolunteerChoices, category: VolunteerCategory): VolunteerChoices {
  return availableCategories(choices).includes(category) ? { ...choices, category } : choices;
}

/** Whether step 1.1 (the Dutch question) is shown: local volunteering only. */
export function asksDutch(choices: VolunteerChoices): boolean {
  return choices.location === 'local';
}

/** docs/product.md §4: remote 6, local + Dutch 10, local without Dutch 8; none before the Dutch question is answered. */
export function availableCategories(choices: VolunteerChoices): VolunteerCategory[] {
  if (choices.location === null) return [];
  return categoriesFor(choices.location, choices.location === 'local' ? choices.speaksDutch : null);
}

/** The first step still unanswered, or null when the application can start. */
export function firstMissingStep(choices: VolunteerChoices): VolunteerStep | null {
  if (choices.location === null) return 'location';
  if (asksDutch(choices) && choices.speaksDutch === null) return 'dutch';
  if (choices.category === null) return 'category';
  return null;
}

export function isComplete(choices: VolunteerChoices): boolean {
  return firstMissingStep(choices) === null;
}

/** The yellow hint in place of the apply step (docs/product.md §4): which message, or null when complete. */
export function pendingHint(choices: VolunteerChoices): 'selectLocation' | 'dutchRequired' | 'selectCategory' | null {
  const missing = firstMissingStep(choices);
  if (missing === 'location') return 'selectLocation';
  if (missing === 'dutch') return 'dutchRequired';
  if (missing === 'category') return 'selectCategory';
  return null;
}

/** The section a choice leads to (mobile and tablet auto-scroll, docs/product.md §4). */
export function nextStepAfter(step: VolunteerStep, choices: VolunteerChoices): VolunteerStep | 'apply' {
  if (step === 'location') return asksDutch(choices) ? 'dutch' : 'category';
  if (step === 'dutch') return 'category';
  return 'apply';
}

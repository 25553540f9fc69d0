import {
  availableCategories,
  chooseCategory,
  chooseDutch,
  chooseLocation,
  firstMissingStep,
  isComplete,
  nextStepAfter,
  NO_CHOICES,
  pendingHint,
} from '../volunteerSteps';

describe('volunteer steps (docs/product.md §4)', () => {
  it('shows six categories for remote, ten for local with Dutch, eight for local without', () => {
    const remote = chooseLocation(NO_CHOICES, 'remote');
    expect(availableCategories(remote)).toHaveLength(6);
    const local = chooseLocation(NO_CHOICES, 'local');
    expect(availableCategories(local)).toEqual([]);
    expect(availableCategories(chooseDutch(local, true))).toHaveLength(10);
    const withoutDutch = availableCategories(chooseDutch(local, false));
    expect(withoutDutch).toHaveLength(8);
    expect(withoutDutch).toEqual(expect.arrayContaining(['practical-help', 'child-pet-support']));
    expect(withoutDutch).not.toContain('community-engagement');
  });

  it('clears the Dutch answer and the category when the location changes', () => {
    const chosen = chooseCategory(chooseDutch(chooseLocation(NO_CHOICES, 'local'), true), 'customer-support');
    expect(chosen.category).toBe('customer-support');
    expect(chooseLocation(chosen, 'local')).toBe(chosen);
    expect(chooseLocation(chosen, 'remote')).toEqual({ location: 'remote', speaksDutch: null, category: null });
  });

  it('clears the category when the Dutch answer changes', () => {
    const chosen = chooseCategory(chooseDutch(chooseLocation(NO_CHOICES, 'local'), true), 'admin');
    expect(chooseDutch(chosen, false)).toEqual({ location: 'local', speaksDutch: false, category: null });
  });

  it('refuses a category that the choices do not offer', () => {
    const withoutDutch = chooseDutch(chooseLocation(NO_CHOICES, 'local'), false);
    expect(chooseCategory(withoutDutch, 'community-engagement').category).toBeNull();
  });

  it('names the first missing step and the hint until complete', () => {
    expect(firstMissingStep(NO_CHOICES)).toBe('location');
    const local = chooseLocation(NO_CHOICES, 'local');
    expect(firstMissingStep(local)).toBe('dutch');
    expect(pendingHint(local)).toBe('dutchRequired');
    const dutch = chooseDutch(local, true);
    expect(pendingHint(dutch)).toBe('selectCategory');
    const done = chooseCategory(dutch, 'education');
    expect(isComplete(done)).toBe(true);
    expect(pendingHint(done)).toBeNull();
    expect(isComplete(chooseCategory(chooseLocation(NO_CHOICES, 'remote'), 'tech'))).toBe(true);
  });

  it('leads each choice to the next section', () => {
    expect(nextStepAfter('location', chooseLocation(NO_CHOICES, 'local'))).toBe('dutch');
    expect(nextStepAfter('location', chooseLocation(NO_CHOICES, 'remote'))).toBe('category');
    expect(nextStepAfter('dutch', NO_CHOICES)).toBe('category');
    expect(nextStepAfter('category', NO_CHOICES)).toBe('apply');
  });
});

/**
 * What a visitor did in the prerendered page's fields before its script ran (docs/architecture.md §9.17). Hydration
 * adopts the fields as they are, but the form's state starts from the prerendered values:
 * - text: Preact writes a textarea's value from its props (clearing it), so the text is noted just before hydration,
 *   and each TextField takes it into its form's state on its first render;
 * - choices (checkboxes and radio buttons): the box stays ticked while the state says it is not, so once every part
 *   has hydrated, each choice is made again, as a click, which the form's own handler takes into its state.
 */
const typed = new WeakMap<Element, string>();
const chosen = new Set<HTMLInputElement>();

const isChoice = (field: HTMLInputElement | HTMLTextAreaElement): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * Notes what was typed and chosen in the fields under `root`; called just before hydration (app/hydrate.tsx) and
 * again before each part that hydrates in a later task (app/hydration-steps.tsx).
 */
export function noteEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (isChoice(field)) {
      if (field.checked !== field.defaultChecked) chosen.add(field);
    } else if (field.value !== field.defaultValue) typed.set(field, field.value);
  }
}

/** The text typed into `field` before hydration, if any. */
export function typedBeforeHydration(field: Element): string | undefined {
  return typed.get(field);
}

/**
 * Makes the choices noted before hydration again, once every part has hydrated (app/hydrate.tsx): each box goes back
 * to its prerendered state, which is what the form's state says, and is clicked, so the form's handler sees the
 * visitor's choice as if made now. A radio button that was unticked is unticked by the click on its group's new choice;
 * a choice undone before now is left alone. The handlers set what the event says, so a choice already taken into
 * the state ends the same.
 */
export function makeEarlyChoicesAgain(): void {
  const choices = [...chosen]
    .filter((field) => field.isConnected && field.checked !== field.defaultChecked)
    .map((field) => ({ field, checked: field.checked }));
  chosen.clear();
  for (const { field } of choices) field.checked = field.defaultChecked;
  for (const { field, checked } of choices) if (field.type === 'checkbox' || checked) field.click();
}

/**
 * Text a visitor typed into the prerendered page's fields before its script ran, by field. Hydration adopts the
 * fields as they are, except that Preact writes a textarea's value from its props (clearing it); so the text is noted
 * just before hydration, and each TextField takes it into its form's state on its first render
 * (docs/architecture.md §9.17).
 */
const typed = new WeakMap<Element, string>();

/**
 * Notes what was typed into the fields under `root`; called just before hydration (app/hydrate.tsx) and again before
 * each part that hydrates in a later task (app/hydration-steps.tsx).
 */
export function noteTypedText(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.value !== field.defaultValue) typed.set(field, field.value);
  }
}

/** The text typed into `field` before hydration, if any. */
export function typedBeforeHydration(field: Element): string | undefined {
  return typed.get(field);
}

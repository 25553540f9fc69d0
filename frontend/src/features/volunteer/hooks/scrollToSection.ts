/** Below this width each volunteer choice scrolls to the next section (docs/product.md §4, §9: 300 ms below 1024 px). */
export const AUTO_SCROLL_MAX_WIDTH = 1023.98;
export const AUTO_SCROLL_DELAY_MS = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function isBelowDesktop(): boolean {
  return window.matchMedia(`(max-width: ${AUTO_SCROLL_MAX_WIDTH}px)`).matches;
}

/**
 * Scrolls a section to the top of the viewport (under the sticky header, via scroll-padding-top) and, when asked,
 * moves keyboard focus into it without a second jump.
 */
export function scrollToSection(id: string, { focus = false }: { focus?: boolean } = {}): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (focus) {
    const target = section.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])') ?? section;
    target.focus({ preventScroll: true });
  }
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

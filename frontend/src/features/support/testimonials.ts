/**
 * docs/product.md §3 "Testimonial": three, one anonymous supported family and two individuals. Quotes and attributions are
 * translated (support.json testimonials.items, same order). PLACEHOLDER: first names, shared with permission.
 */
export const TESTIMONIAL_NAMES: ReadonlyArray<string | null> = [null, 'Sandra', 'Lotte'];

/** docs/product.md §1: the home page's own impact claims (image descriptions elsewhere use the wider network's figures). */
export const IMPACT_FIGURES = {
  familiesGuided: 2,
  activeProjects: 3,
  fundsRaisedEuro: 10_000,
} as const;

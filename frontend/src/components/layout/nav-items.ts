/** The header's top-level pages after Home and About (docs/product.md §2), and the translation key of every nav label. */
export const NAV_PAGES = ['support', 'volunteer', 'getHelp', 'contact'] as const;

export const NAV_LABEL_KEYS = {
  home: 'nav.home',
  about: 'nav.about',
  team: 'nav.team',
  anbi: 'nav.anbi',
  annualReports: 'nav.annualReports',
  support: 'nav.support',
  volunteer: 'nav.volunteer',
  getHelp: 'nav.getHelp',
  contact: 'nav.contact',
  donate: 'nav.donate',
  projects: 'nav.projects',
} as const;

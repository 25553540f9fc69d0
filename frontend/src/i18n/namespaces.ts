/**
 * Translation namespaces: the one registry.
 *
 * To add a namespace `foo`:
 *   1. create src/locales/nl/foo.json, src/locales/en/foo.json and src/locales/es/foo.json with the same keys
 *      (the jest test src/i18n/__tests__/locales.test.ts fails until the three key sets are identical);
 *   2. add one line below:  foo: typeof import('../locales/nl/foo.json');
 * Then `useTranslation('foo')` is typed: a missing or misspelled key fails `npm run typecheck -w frontend`.
 *
 * A page gets its namespaces loaded (and embedded in its prerendered HTML) by listing them in
 * src/app/pages.ts; each page's own namespace has the page's id (home, about, getHelp, ...).
 * 'common' (layout, navigation, footer, site name, crash screen) is always loaded; 'errorPages' (403, 404, 500) only
 * with an error page; 'pageMeta' (each page's title, description and keywords) only for a navigation inside the site.
 *
 * 'email' is the server's: the copy of the form emails (backend/src/common/site-copy.ts reads it, with the labels of
 * 'volunteer' and 'getHelp'). No page lists it and the browser build leaves it out (app/build-env.ts).
 */
export interface Resources {
  common: typeof import('../locales/nl/common.json');
  /**
   * Every page's title, description and keywords. The prerender writes them into each page's head; the browser loads
   * this namespace only for a navigation inside the site. Pages do not carry it, so each page's first response stays
   * small enough to arrive in one round trip (docs/benchmarks.md §2.4).
   */
  pageMeta: typeof import('../locales/nl/pageMeta.json');
  /** The 403, 404 and 500 pages: loaded with an error route only, so the other pages do not carry them. */
  errorPages: typeof import('../locales/nl/errorPages.json');
  home: typeof import('../locales/nl/home.json');
  about: typeof import('../locales/nl/about.json');
  team: typeof import('../locales/nl/team.json');
  anbi: typeof import('../locales/nl/anbi.json');
  annualReports: typeof import('../locales/nl/annualReports.json');
  support: typeof import('../locales/nl/support.json');
  volunteer: typeof import('../locales/nl/volunteer.json');
  getHelp: typeof import('../locales/nl/getHelp.json');
  contact: typeof import('../locales/nl/contact.json');
  donate: typeof import('../locales/nl/donate.json');
  projects: typeof import('../locales/nl/projects.json');
  thankYou: typeof import('../locales/nl/thankYou.json');
  donationCancelled: typeof import('../locales/nl/donationCancelled.json');
  manageDonation: typeof import('../locales/nl/manageDonation.json');
  periodicGift: typeof import('../locales/nl/periodicGift.json');
  periodicGiftSign: typeof import('../locales/nl/periodicGiftSign.json');
  /** The confirmation page of the links in staff emails; its refusals are also the staff API's answers. */
  staffAction: typeof import('../locales/nl/staffAction.json');
  /** Donor emails, read by the backend (backend/src/donor-mail/donor-email.copy.ts); never loaded by a page. */
  donorEmail: typeof import('../locales/nl/donorEmail.json');
  /** Periodic gift emails and API messages, read by the backend (backend/src/periodic-gift/); never loaded by a page. */
  periodicEmail: typeof import('../locales/nl/periodicEmail.json');
  /** The staff's daily overview and spreadsheets, read by the backend (backend/src/staff-overview/); never loaded by a page. */
  staffOverview: typeof import('../locales/nl/staffOverview.json');
  /** Form emails, read by the backend (backend/src/common/site-copy.ts); never loaded by a page. */
  email: typeof import('../locales/nl/email.json');
}

export type NamespaceName = keyof Resources;

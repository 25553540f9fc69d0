import type { PageId } from '@stichting/contracts';
import type { NamespaceName } from '../i18n/namespaces';
import { pageLoaders, type PageModule } from './build-env';

export interface PageDefinition {
  /** The feature module whose default export renders the page, src/features/<module>.tsx (a chunk of its own). */
  module: string;
  load: () => Promise<PageModule>;
  /** Translation namespaces the page uses besides 'common'; loaded before it renders and embedded in its HTML. */
  namespaces: readonly NamespaceName[];
}

function page(module: string, namespaces: readonly NamespaceName[]): PageDefinition {
  const load = pageLoaders[`./${module}.tsx`];
  if (!load) throw new Error(`No page module src/features/${module}.tsx`);
  return { module, load, namespaces };
}

/**
 * The page registry: which feature renders each page of the route table (ROUTES in @stichting/contracts).
 * URLs never live here; app/routes.tsx turns every page into one route per language (17 x 3 = 51). The prerender
 * step reads `module` too, to preload each page's chunk in its HTML.
 *
 * To build a page's content: edit src/features/<feature>/<Name>Page.tsx (default export) and its strings in
 * src/locales/<nl|en|es>/<pageId>.json. If the page needs another namespace (say a shared 'forms'), register it
 * in src/i18n/namespaces.ts and add it to `namespaces` below. A feature does not import another feature.
 */
export const PAGES: Record<PageId, PageDefinition> = {
  home: page('home/HomePage', ['home']),
  about: page('about/AboutPage', ['about']),
  team: page('team/TeamPage', ['team']),
  anbi: page('anbi/AnbiPage', ['anbi']),
  annualReports: page('annual-reports/AnnualReportsPage', ['annualReports']),
  support: page('support/SupportPage', ['support']),
  volunteer: page('volunteer/VolunteerPage', ['volunteer']),
  getHelp: page('get-help/GetHelpPage', ['getHelp']),
  contact: page('contact/ContactPage', ['contact']),
  donate: page('donate/DonatePage', ['donate']),
  projects: page('projects/ProjectsPage', ['projects']),
  thankYou: page('thank-you/ThankYouPage', ['thankYou']),
  donationCancelled: page('donation-cancelled/DonationCancelledPage', ['donationCancelled']),
  manageDonation: page('manage-donation/ManageDonationPage', ['manageDonation']),
  periodicGift: page('periodic-gift/PeriodicGiftPage', ['periodicGift']),
  periodicGiftSign: page('periodic-gift/PeriodicGiftSignPage', ['periodicGiftSign']),
  staffAction: page('staff-action/StaffActionPage', ['staffAction']),
};

/** Every error route (403, 404, 500 in each language) renders from one module, a chunk of its own like a page's. */
export const ERROR_ROUTES = {
  module: 'errors/ErrorPages',
  load: () => import('../features/errors/ErrorPages'),
};

import type { ComponentType } from 'react';
import type { PageId } from '@stichting/contracts';
import type { NamespaceName } from '../i18n/namespaces';

type PageModule = { default: ComponentType };

export interface PageDefinition {
  /** The feature module whose default export renders the page (code-split: one chunk per page). */
  load: () => Promise<PageModule>;
  /** Translation namespaces the page uses besides 'common'; loaded before it renders and embedded in its HTML. */
  namespaces: readonly NamespaceName[];
}

/**
 * The page registry: which feature renders each page of the route table (ROUTES in @stichting/contracts).
 * URLs never live here; app/routes.tsx turns every page into one route per language (13 x 3 = 39).
 *
 * To build a page's content: edit src/features/<feature>/<Name>Page.tsx (default export) and its strings in
 * src/locales/<nl|en|es>/<pageId>.json. If the page needs another namespace (say a shared 'forms'), register it
 * in src/i18n/namespaces.ts and add it to `namespaces` below. A feature does not import another feature.
 */
export const PAGES: Record<PageId, PageDefinition> = {
  home: { load: () => import('../features/home/HomePage'), namespaces: ['home'] },
  about: { load: () => import('../features/about/AboutPage'), namespaces: ['about'] },
  team: { load: () => import('../features/team/TeamPage'), namespaces: ['team'] },
  anbi: { load: () => import('../features/anbi/AnbiPage'), namespaces: ['anbi'] },
  annualReports: { load: () => import('../features/annual-reports/AnnualReportsPage'), namespaces: ['annualReports'] },
  support: { load: () => import('../features/support/SupportPage'), namespaces: ['support'] },
  volunteer: { load: () => import('../features/volunteer/VolunteerPage'), namespaces: ['volunteer'] },
  getHelp: { load: () => import('../features/get-help/GetHelpPage'), namespaces: ['getHelp'] },
  contact: { load: () => import('../features/contact/ContactPage'), namespaces: ['contact'] },
  donate: { load: () => import('../features/donate/DonatePage'), namespaces: ['donate'] },
  projects: { load: () => import('../features/projects/ProjectsPage'), namespaces: ['projects'] },
  thankYou: { load: () => import('../features/thank-you/ThankYouPage'), namespaces: ['thankYou'] },
  donationCancelled: {
    load: () => import('../features/donation-cancelled/DonationCancelledPage'),
    namespaces: ['donationCancelled'],
  },
};

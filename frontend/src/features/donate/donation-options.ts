import { DONATION_TIERS, ONE_OFF_DONATION_TIERS, type PageId } from '@stichting/contracts';
import type { DonateIconName } from './components/DonateIcons';

export type DonationTier = (typeof DONATION_TIERS)[number];
export type OneOffDonationTier = (typeof ONE_OFF_DONATION_TIERS)[number];

/** docs/product.md §3 monthly donation option: amount and icon here; label, title and description from donate.json. */
export const TIER_ICONS: Record<DonationTier, DonateIconName> = {
  250: 'sprout',
  500: 'home',
  1000: 'book',
  2500: 'family',
  5000: 'community',
};

/** docs/product.md §4.1 give once: the suggested one-off amounts' icons; texts under `once.tiers` in donate.json. */
export const ONE_OFF_TIER_ICONS: Record<OneOffDonationTier, DonateIconName> = {
  25: 'sprout',
  50: 'home',
  100: 'book',
  250: 'family',
};

/** docs/product.md §3 support card ids. These four open the contact form pre-filled. */
export type ContactCardId = 'gifts' | 'sponsoring' | 'legacy' | 'connect';

/**
 * A card links to the contact form (pre-filled), or to a page of its own: "periodic" to the periodic gift's page
 * (docs/product.md §4.9), "others" to the volunteer page.
 */
export type SupportCard =
  { id: ContactCardId; icon: DonateIconName } | { id: 'periodic' | 'others'; icon: DonateIconName; page: PageId };

/** docs/product.md §2: two card groups: gifts, sponsoring, periodic; legacy, connect (and the "others" card). */
export const SUPPORT_CARD_GROUPS: ReadonlyArray<{ id: 'now' | 'future'; cards: readonly SupportCard[] }> = [
  {
    id: 'now',
    cards: [
      { id: 'gifts', icon: 'gift' },
      { id: 'sponsoring', icon: 'handshake' },
      { id: 'periodic', icon: 'calendar', page: 'periodicGift' },
    ],
  },
  {
    id: 'future',
    cards: [
      { id: 'legacy', icon: 'scroll' },
      { id: 'connect', icon: 'link' },
      { id: 'others', icon: 'heart', page: 'volunteer' },
    ],
  },
];

/**
 * docs/product.md §3 "Supporter": seven supporters in the categories of docs/product.md §2.8 and two verification badges.
 * PLACEHOLDER: names, logos (frontend/public/images/supporters/*.svg, 320x48) and websites are neutral examples;
 * the foundation replaces them with its real supporters. The category text is translated (support.json).
 */
export type SupporterCategory =
  'design' | 'creative' | 'technology' | 'workspace' | 'office' | 'hosting' | 'projectManagement';

export interface Supporter {
  id: string;
  name: string;
  logo: string;
  category: SupporterCategory;
  website: string;
}

const logo = (id: string) => `/images/supporters/${id}.svg`;

export const SUPPORTERS: readonly Supporter[] = [
  {
    id: 'pixelplein',
    name: 'Pixelplein',
    logo: logo('pixelplein'),
    category: 'design',
    website: 'https://example.org/pixelplein',
  },
  {
    id: 'kleurwerk',
    name: 'Kleurwerk Studio',
    logo: logo('kleurwerk'),
    category: 'creative',
    website: 'https://example.org/kleurwerk',
  },
  {
    id: 'noordkaap',
    name: 'Noordkaap Tech',
    logo: logo('noordkaap'),
    category: 'technology',
    website: 'https://example.org/noordkaap',
  },
  {
    id: 'werkplaats',
    name: 'Werkplaats Online',
    logo: logo('werkplaats'),
    category: 'workspace',
    website: 'https://example.org/werkplaats',
  },
  {
    id: 'kantoorpakket',
    name: 'Kantoorpakket',
    logo: logo('kantoorpakket'),
    category: 'office',
    website: 'https://example.org/kantoorpakket',
  },
  {
    id: 'duinhost',
    name: 'Duinhost',
    logo: logo('duinhost'),
    category: 'hosting',
    website: 'https://example.org/duinhost',
  },
  {
    id: 'takenbord',
    name: 'Takenbord',
    logo: logo('takenbord'),
    category: 'projectManagement',
    website: 'https://example.org/takenbord',
  },
];

export interface VerificationBadge {
  id: 'charityCheck' | 'nonprofitTech';
  name: string;
  logo: string;
}

export const VERIFICATION_BADGES: readonly VerificationBadge[] = [
  { id: 'charityCheck', name: 'Goede Doelen Check', logo: logo('badge-goede-doelen-check') }, // PLACEHOLDER
  { id: 'nonprofitTech', name: 'Tech voor Non-profits', logo: logo('badge-tech-voor-non-profits') }, // PLACEHOLDER
];

/**
 * The board (docs/product.md §3 "Team member"): shown on the team page and, as ANBI data, on the ANBI page.
 * Roles and bios are translated in the team and anbi namespaces under the member's id.
 *
 * PLACEHOLDER: the names, e-mail address and profile link below are examples; the foundation replaces them with
 * its real board members. Keep the ids (they key the translations).
 */
export interface BoardMember {
  id: 'chair' | 'secretary';
  name: string;
  email?: string;
  linkedin?: string | null;
}

export const BOARD_MEMBERS: readonly BoardMember[] = [
  {
    id: 'chair',
    name: 'Marieke de Vries', // PLACEHOLDER
    email: 'voorzitter@samenverder.example', // PLACEHOLDER
    linkedin: 'https://www.linkedin.com/in/voorbeeld-voorzitter', // PLACEHOLDER
  },
  {
    id: 'secretary',
    name: 'Jeroen Bakker', // PLACEHOLDER
    email: 'secretaris@samenverder.example', // PLACEHOLDER
    linkedin: null,
  },
];

/** The pg-boss queue of donor emails and its dead letters (docs/architecture.md §4.7). */
export const DONOR_EMAIL_QUEUE = 'donor-email';
export const DONOR_EMAIL_DEAD_LETTER_QUEUE = 'donor-email-dead';

export interface DonorEmailJobData {
  donorEmailId: string;
}

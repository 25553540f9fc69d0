import type { Prisma } from '../generated/prisma/client';

/** The emails the ledger asks for (docs/product.md §4.2): each kind at most once per `onceKey`. */
export type DonorMailKind = 'welcome' | 'payment_failed' | 'cancelled';

export interface DonorMailRequest {
  donationId: string;
  kind: DonorMailKind;
  /** Identifies this email: asking again with the same key must not send a second one. */
  onceKey: string;
}

/**
 * Where the ledger hands off donor emails (docs/architecture.md §3.5): called inside the transaction that changes the
 * donation, so the email is queued if and only if the change commits (the outbox of docs/architecture.md §4.1).
 * - welcome: the first successful payment of a donation (`welcome:<donation id>`);
 * - payment_failed: each invoice whose payment failed (`payment_failed:<invoice id>`);
 * - cancelled: the subscription ended (`cancelled:<donation id>`).
 */
export interface DonationNotifier {
  queueInTransaction(tx: Prisma.TransactionClient, request: DonorMailRequest): Promise<void>;
}

/** Nest injection token of the DonationNotifier. */
export const DONATION_NOTIFIER = Symbol('DONATION_NOTIFIER');

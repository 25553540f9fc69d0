import { formatCents } from '../../common/money';
import type { Donation, DonationPayment } from '../../generated/prisma/client';

/** A donation's id as the ledger's change lines show it. */
export const short = (id: string) => id.slice(0, 8);
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

/** One line per field staff see that changed: `donation 1a2b3c4d: status pending -> active`. */
export function describeDonation(before: Donation, after: Donation): string[] {
  const fields: Array<[string, string, string]> = [
    ['status', before.status, after.status],
    ['monthly amount', formatCents(before.amountCents), formatCents(after.amountCents)],
    ['payment method', before.paymentMethodType ?? '-', after.paymentMethodType ?? '-'],
    ['next payment', day(before.nextPaymentAt), day(after.nextPaymentAt)],
    ['failed attempts', String(before.failedAttempts), String(after.failedAttempts)],
    ['cancel at period end', String(before.cancelAtPeriodEnd), String(after.cancelAtPeriodEnd)],
    ['cancelled', day(before.cancelledAt), day(after.cancelledAt)],
  ];
  return fields
    .filter(([, from, to]) => from !== to)
    .map(([name, from, to]) => `donation ${short(before.id)}: ${name} ${from} -> ${to}`);
}

/** One line per change of a payment row, or the new row. */
export function describePayment(before: DonationPayment | null, after: DonationPayment): string[] {
  // A one-off gift's payment has no invoice: its PaymentIntent names it (docs/product.md §4.2).
  const label = `payment ${after.stripeInvoiceId ?? after.stripePaymentIntentId}`;
  if (!before) {
    return [`${label}: recorded ${after.status} ${formatCents(after.amountCents)} (${after.paymentMethodType ?? '-'})`];
  }
  const lines: string[] = [];
  if (before.status !== after.status) lines.push(`${label}: ${before.status} -> ${after.status}`);
  if (before.refundedCents !== after.refundedCents) {
    lines.push(`${label}: refunded ${formatCents(before.refundedCents)} -> ${formatCents(after.refundedCents)}`);
  }
  if (before.attemptCount !== after.attemptCount) {
    lines.push(`${label}: attempts ${before.attemptCount} -> ${after.attemptCount}`);
  }
  return lines;
}

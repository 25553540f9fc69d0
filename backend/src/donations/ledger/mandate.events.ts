import { FieldCheck } from './event-checks';
import type { EventFamily } from './ledger-book';
import { withStaffNote } from './stripe-facts';

/**
 * A SEPA Direct Debit mandate that became inactive: the donor revoked it at their bank (a usual Dutch way to stop a
 * gift) or the account closed. Stripe keeps the subscription and its next debit fails, so while a gift of that customer
 * runs, the donor is asked whether they meant to stop (with the link to do it) and staff get a note on the donation
 * (docs/product.md §4.2). Nothing else changes: the gift's state still follows its payments and subscription.
 */
export const mandateEvents: EventFamily<'mandate.updated'> = {
  types: ['mandate.updated'],

  check(event) {
    return new FieldCheck(`mandate ${event.data.object.id}`, event.data.object)
      .present('id', 'status', 'payment_method', 'type')
      .result();
  },

  paymentMethodToLookUp(event) {
    const mandate = event.data.object;
    if (mandate.status !== 'inactive') return null;
    return typeof mandate.payment_method === 'string' ? mandate.payment_method : mandate.payment_method.id;
  },

  async apply(book, event, { customerId }) {
    const mandate = event.data.object;
    if (mandate.status !== 'inactive') return [`mandate ${mandate.id}: ${mandate.status}, nothing to do`];
    const donationIds = customerId ? await book.donations.idsOfCustomer(customerId, book.tx) : [];
    if (donationIds.length === 0) return [`mandate ${mandate.id}: belongs to no donation of ours`];
    const changes: string[] = [];
    for (const donationId of donationIds) {
      const donation = await book.lockDonation({ donationId });
      if (!donation) continue;
      const note = `the SEPA mandate ${mandate.id} was revoked or its account closed`;
      changes.push(
        ...(await book.settle(
          donation,
          { staffNote: withStaffNote(donation.staffNote, note) },
          [],
          [{ kind: 'stop_check', onceKey: `stop_check:${mandate.id}:${donationId}` }],
        )),
      );
    }
    return changes;
  },
};

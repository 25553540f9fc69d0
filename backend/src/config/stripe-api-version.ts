import type Stripe from 'stripe';

/**
 * The Stripe API version this code sends and reads (docs/architecture.md §9.9): the version the installed stripe-node
 * pins and whose shapes its types describe. Requests carry it, so an account upgrade cannot change what Stripe
 * answers; webhook events and the event list are rendered in the version of the endpoint or the account, so those
 * must be set to it too (docs/stripe-setup.md §2), and an event in any other version is refused rather than misread.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

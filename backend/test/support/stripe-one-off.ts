import { randomBytes } from 'node:crypto';
import { stripeCharge } from './stripe-stub';
import type { TestStack } from './test-app';
import { passToken } from './turnstile-stub';

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
const DAY = 86_400;

/**
 * One one-off gift as Stripe sees it (docs/product.md §4.1): a Checkout Session in payment mode, shaped after Stripe's
 * API reference for the pinned version, and its one PaymentIntent. A webhook's session names its PaymentIntent by id
 * (webhook payloads expand nothing); no customer is created (`customer_creation: if_required`) and no invoice.
 */
export class StripeOneOffGift {
  readonly paymentIntent = randomId('pi');
  readonly created = Math.floor(Date.now() / 1000) - 600;

  constructor(
    readonly donationId: string,
    readonly sessionId: string,
    readonly amountCents: number,
    readonly language = 'nl',
  ) {}

  /** The session completed (`paid` at once by iDEAL | Wero or card; `unpaid` while a delayed method settles) or expired. */
  session(payment_status: 'paid' | 'unpaid', status: 'complete' | 'expired' = 'complete') {
    const completed = status === 'complete';
    return {
      id: this.sessionId,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      allow_promotion_codes: null,
      amount_subtotal: this.amountCents,
      amount_total: this.amountCents,
      billing_address_collection: null,
      cancel_url: 'http://127.0.0.1/donatie-geannuleerd',
      client_reference_id: null,
      created: this.created,
      currency: 'eur',
      customer: null,
      customer_creation: 'if_required',
      customer_details: completed ? { email: 'donor@example.org', name: null, tax_exempt: 'none' } : null,
      customer_email: 'donor@example.org',
      expires_at: this.created + DAY,
      invoice: null,
      invoice_creation: { enabled: false, invoice_data: null },
      livemode: false,
      locale: this.language,
      metadata: { donation_id: this.donationId, language: this.language, frequency: 'once' },
      mode: 'payment',
      // A PaymentIntent exists once the donor tried to pay; a page that expired untouched has none.
      payment_intent: completed ? this.paymentIntent : null,
      payment_method_collection: 'if_required',
      payment_method_types: ['card', 'ideal', 'bancontact', 'sepa_debit'],
      payment_status,
      status,
      submit_type: 'donate',
      subscription: null,
      success_url: 'http://127.0.0.1/bedankt',
      url: null,
    };
  }

  /** The charge of the gift's PaymentIntent (`method`: Stripe's payment method type), e.g. for a refund event. */
  charge(state: Omit<Parameters<typeof stripeCharge>[0], 'amount'>) {
    return { ...stripeCharge({ amount: this.amountCents, ...state }), payment_intent: this.paymentIntent };
  }
}

/** A one-off gift started through the real endpoint (an open donation with its Checkout Session at the stand-in). */
export async function startOneOffGift(
  stack: TestStack,
  options: { email: string; amount?: number | string; language?: string },
): Promise<StripeOneOffGift> {
  const amount = options.amount ?? 50;
  const response = await fetch(`${stack.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount,
      frequency: 'once',
      email: options.email,
      language: options.language ?? 'nl',
      turnstileToken: passToken('donate'),
    }),
  });
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  const session = stack.stripe.sessions.at(-1)!;
  const cents = Number(session.params.get('line_items[0][price_data][unit_amount]'));
  return new StripeOneOffGift(session.params.get('metadata[donation_id]')!, session.id, cents, options.language);
}

import { useEffect } from 'react';

/** docs/product.md §7: the card-payment provider's script, version channel "basil". */
export const STRIPE_JS_URL = 'https://js.stripe.com/basil/stripe.js';

/** Adds Stripe.js once per page; a failed load is logged, never shown (the redirect to Checkout does not need it). */
export function loadStripeJs(): void {
  if (document.querySelector(`script[src="${STRIPE_JS_URL}"]`)) return;
  const script = document.createElement('script');
  script.src = STRIPE_JS_URL;
  script.async = true;
  script.addEventListener('error', () => {
    console.warn('[donate] Stripe.js could not be loaded; checkout still works through the redirect');
    script.remove(); // a later visit to the page may try again
  });
  document.head.appendChild(script);
}

/**
 * docs/product.md §7: Stripe.js loads in the background on the donate page: after hydration, once the browser is idle, so it
 * never competes with the page's own first load (Stripe also uses it for fraud signals on the Checkout page).
 */
export function useStripeJs(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(loadStripeJs, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(loadStripeJs, 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

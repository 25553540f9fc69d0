import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CHECKOUT_REDIRECT_DELAY_MS, DONATE_TURNSTILE_ACTION, type DonationFrequency } from '@stichting/contracts';
import { FORM_MESSAGES } from '../../../components/forms/messages';
import { TurnstileError, useTurnstile } from '../../../components/turnstile';
import { useLanguage } from '../../../components/useLanguage';
import { createCheckoutSession, type DonationDetails } from '../api/createCheckoutSession';

/**
 * docs/product.md §4: submitting the details form. Processing while the bot check and the request run (always cleared after
 * the attempt); on success the browser goes to Stripe Checkout after CHECKOUT_REDIRECT_DELAY_MS; every failure
 * becomes one alert in the page's language around the docs/product.md §8 message.
 */
export function useCheckout() {
  const { t } = useTranslation('donate');
  const language = useLanguage();
  const turnstile = useTurnstile(DONATE_TURNSTILE_ACTION);
  const [isProcessing, setProcessing] = useState(false);

  const startCheckout = useCallback(
    async (amount: number, details: DonationDetails, frequency: DonationFrequency = 'monthly') => {
      setProcessing(true);
      try {
        let turnstileToken: string;
        try {
          turnstileToken = await turnstile.getToken();
        } catch (error) {
          console.error('[donate] security verification failed:', error instanceof Error ? error.message : error);
          // docs/product.md §8.3: the reason in the page's language.
          const reasons = FORM_MESSAGES[language].turnstileReasons;
          const reason = error instanceof TurnstileError ? reasons[error.reason] : reasons.notLoaded;
          window.alert(t('monthly.errors.security', { reason }));
          return;
        }
        // docs/product.md §7.3: a monthly gift's request is as it always was (no frequency means monthly).
        const once = frequency === 'once' ? { frequency } : {};
        const url = await createCheckoutSession({ ...details, amount, ...once, language, turnstileToken });
        window.setTimeout(() => window.location.assign(url), CHECKOUT_REDIRECT_DELAY_MS);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error('[donate] checkout failed:', message);
        window.alert(t('monthly.errors.donation', { message }));
      } finally {
        setProcessing(false);
        turnstile.reset();
      }
    },
    [language, t, turnstile],
  );

  return { isProcessing, startCheckout, turnstile };
}

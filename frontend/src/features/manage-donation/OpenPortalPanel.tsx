import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../components/useLanguage';
import { openPortal } from './api/openPortal';

/**
 * docs/product.md §7.10: the page a manage link lands on. Opening the link changed nothing; this button is what opens
 * the donor's overview at Stripe, so a mail scanner that opens every link never does.
 */
export function OpenPortalPanel({ token }: { token: string }) {
  const { t } = useTranslation('manageDonation');
  const language = useLanguage();
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');

  async function open() {
    setState('opening');
    try {
      window.location.assign(await openPortal(token, language));
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="form-card form-card--narrow">
      <h2 className="form-card__title">{t('portal.title')}</h2>
      <p>{t('portal.text')}</p>
      {state === 'failed' && (
        <p className="form-panel form-panel--error" role="alert">
          {t('portal.failed')}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        onClick={() => void open()}
        disabled={state === 'opening'}
        aria-busy={state === 'opening'}
      >
        {state === 'opening' ? t('portal.opening') : t('portal.open')}
      </button>
    </div>
  );
}

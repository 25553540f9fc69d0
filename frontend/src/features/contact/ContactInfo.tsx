import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { FOUNDATION } from '@stichting/contracts';
import { useLanguage } from '../../components/useLanguage';
import { FoundationAddress } from '../../components/FoundationAddress';

/** docs/product.md §2 Contact: the address for nl is the Dutch-named one, for en and es the English-named one. */
function contactEmail(language: string): string {
  return language === 'nl' ? FOUNDATION.emails.nl : FOUNDATION.emails.other;
}

/** Contact details: email blurred until the visitor asks for it, postal address, registration numbers. */
export function ContactInfo() {
  const { t } = useTranslation('contact');
  const language = useLanguage();
  const email = contactEmail(language);
  const [isEmailRevealed, setEmailRevealed] = useState(false);

  return (
    <aside className="contact-info" aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className="contact-info__title">
        {t('info.title')}
      </h2>
      <div className="contact-info__block">
        <h3 className="contact-info__label">{t('info.email')}</h3>
        {isEmailRevealed ? (
          <a className="contact-info__email" href={`mailto:${email}`}>
            {email}
          </a>
        ) : (
          <button type="button" className="contact-info__reveal" onClick={() => setEmailRevealed(true)}>
            <span className="contact-info__blurred" aria-hidden="true">
              {email}
            </span>
            <span className="contact-info__reveal-label">{t('info.revealEmail')}</span>
          </button>
        )}
      </div>
      <div className="contact-info__block">
        <h3 className="contact-info__label">{t('info.address')}</h3>
        <FoundationAddress className="contact-info__address" country={t('info.country')} />
      </div>
      <div className="contact-info__block">
        <h3 className="contact-info__label">{t('info.company')}</h3>
        <dl className="contact-info__company">
          <div>
            <dt>{t('info.kvk')}</dt>
            <dd>{FOUNDATION.kvk}</dd>
          </div>
          <div>
            <dt>{t('info.rsin')}</dt>
            <dd>{FOUNDATION.rsin}</dd>
          </div>
        </dl>
      </div>
    </aside>
  );
}

import { useTranslation } from '../../i18n/react';
import { formatEuro, MAX_DONATION_EUR, MIN_DONATION_EUR } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useLanguage } from '../../components/useLanguage';
import { AgreementForm } from './components/AgreementForm';
import '../../components/forms';
import '../../styles/periodic-gift.css';

const COMMITMENTS = ['amount', 'term', 'death', 'clauses', 'fixed'] as const;
const STEPS = ['verify', 'read', 'sign', 'countersign', 'debit'] as const;

/**
 * Route table page "periodicGift" (docs/product.md §4.9): what a periodieke gift is, who it suits, what the donor
 * commits to, how signing works, that no BSN is asked; then the form that starts the agreement.
 */
export default function PeriodicGiftPage() {
  const { t } = useTranslation('periodicGift');
  const language = useLanguage();
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section title={t('what.title')}>
        <p>{t('what.text')}</p>
        <p>{t('what.compare')}</p>
      </Section>
      <Section tone="muted" title={t('who.title')}>
        <p>
          {t('who.text', {
            min: formatEuro(MIN_DONATION_EUR, language),
            max: formatEuro(MAX_DONATION_EUR, language),
          })}
        </p>
      </Section>
      <Section title={t('commit.title')}>
        <ul className="periodic-gift__list">
          {COMMITMENTS.map((key) => (
            <li key={key}>{t(`commit.${key}`)}</li>
          ))}
        </ul>
      </Section>
      <Section tone="muted" title={t('how.title')}>
        <ol className="periodic-gift__list">
          {STEPS.map((key) => (
            <li key={key}>{t(`how.${key}`)}</li>
          ))}
        </ol>
      </Section>
      <Section title={t('privacy.title')}>
        <p>{t('privacy.text')}</p>
      </Section>
      <Section id="form" tone="muted">
        <div className="form-card">
          <AgreementForm />
        </div>
      </Section>
    </>
  );
}

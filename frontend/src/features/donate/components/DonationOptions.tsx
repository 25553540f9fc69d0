import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  DONATION_TIERS,
  MAX_DONATION_EUR,
  ONE_OFF_DONATION_TIERS,
  parseEuroAmount,
  parseEuroNumber,
  type DonationFrequency,
} from '@stichting/contracts';
import { LocalizedLink } from '../../../components/LocalizedLink';
import { formatEuro } from '../../../components/content/format';
import { useLanguage } from '../../../components/useLanguage';
import { ONE_OFF_TIER_ICONS, TIER_ICONS } from '../donation-options';
import { DonateIcon } from './DonateIcons';

interface DonationOptionsProps {
  /** docs/product.md §4.1: monthly (the default) or once; each has its own suggested amounts and wording. */
  frequency?: DonationFrequency;
  /** Called with the chosen amount in euro (a tier, or a custom amount that passed validation). */
  onChoose: (amount: number) => void;
}

/**
 * docs/product.md §4 option list: five monthly tiers (the fifth hidden on tablets, see donate.css), or four one-off
 * amounts, and a custom amount box.
 */
export function DonationOptions({ frequency = 'monthly', onChoose }: DonationOptionsProps) {
  const { t } = useTranslation('donate');
  const isOnce = frequency === 'once';
  const language = useLanguage();
  // A tier carries its own amount; the label shows it in the page's notation (docs/product.md §4.1).
  const tiers = isOnce
    ? ONE_OFF_DONATION_TIERS.map((amount) => ({
        amount,
        icon: ONE_OFF_TIER_ICONS[amount],
        label: formatEuro(amount, language),
        title: t(`once.tiers.${amount}.title`),
        description: t(`once.tiers.${amount}.description`),
      }))
    : DONATION_TIERS.map((amount) => ({
        amount,
        icon: TIER_ICONS[amount],
        label: t('monthly.perMonth', { amount: formatEuro(amount, language) }),
        title: t(`monthly.tiers.${amount}.title`),
        description: t(`monthly.tiers.${amount}.description`),
      }));
  const [customAmount, setCustomAmount] = useState('');
  const [isAboveMaximum, setAboveMaximum] = useState(false);
  const ids = { custom: useId(), hint: useId(), customTitle: useId() };

  const submitCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // docs/product.md §5: free text that parses as a number of at least €5 ("7,50" and "7.50" alike), else the alert.
    const amount = parseEuroAmount(customAmount);
    // docs/product.md §5.2: above what one SEPA debit takes, a pointer to the contact page instead of the alert.
    const typed = parseEuroNumber(customAmount);
    setAboveMaximum(amount === null && typed !== null && typed > MAX_DONATION_EUR);
    if (typed !== null && typed > MAX_DONATION_EUR) return;
    if (amount === null) {
      window.alert(t('monthly.invalidAmount'));
      return;
    }
    onChoose(amount);
  };

  return (
    <ul className="donation-options" aria-label={t(isOnce ? 'once.tiersLabel' : 'monthly.tiersLabel')}>
      {tiers.map((tier) => (
        <li key={tier.amount} className="donation-options__item donation-options__item--tier">
          <button type="button" className="donation-tier" onClick={() => onChoose(tier.amount)}>
            <span className="donation-tier__icon">
              <DonateIcon name={tier.icon} />
            </span>
            <span className="donation-tier__amount">{tier.label}</span>
            <span className="donation-tier__title">{tier.title}</span>
            <span className="donation-tier__description">{tier.description}</span>
          </button>
        </li>
      ))}
      <li className="donation-options__item donation-options__item--custom">
        <form className="donation-custom" onSubmit={submitCustom} noValidate aria-labelledby={ids.customTitle}>
          <span className="donation-tier__icon">
            <DonateIcon name="pencil" />
          </span>
          <h3 id={ids.customTitle} className="donation-custom__title">
            {t('monthly.custom.title')}
          </h3>
          <label htmlFor={ids.custom} className="donation-custom__label">
            {t(isOnce ? 'once.customLabel' : 'monthly.custom.label')}
          </label>
          <div className="donation-custom__row">
            <span className="donation-custom__prefix" aria-hidden="true">
              €
            </span>
            <input
              id={ids.custom}
              className="donation-custom__input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={ids.hint}
              value={customAmount}
              onChange={(event) => setCustomAmount(event.target.value)}
            />
          </div>
          <p id={ids.hint} className="donation-custom__hint">
            {t('monthly.custom.hint')}
          </p>
          {isAboveMaximum && (
            <p className="donation-custom__hint" role="status">
              {t(isOnce ? 'once.aboveMaximum' : 'monthly.aboveMaximum.text', {
                max: formatEuro(MAX_DONATION_EUR, language),
              })}{' '}
              <LocalizedLink page="contact">{t('monthly.aboveMaximum.link')}</LocalizedLink>
            </p>
          )}
          <button type="submit" className="button button--primary donation-custom__button">
            {t('monthly.custom.button')}
          </button>
        </form>
      </li>
    </ul>
  );
}

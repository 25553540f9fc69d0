import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { DONATION_PLATFORMS, DONATION_SOURCES, LIMITS, type DonationFrequency } from '@stichting/contracts';
import { formatEuro } from '../../../components/content/format';
import { bindFields, ChoiceGroup, FORM_MESSAGES, SelectField, TextField } from '../../../components/forms';
import { useLanguage } from '../../../components/useLanguage';
import { EMPTY_DONATION_DETAILS, type DonationDetails } from '../api/createCheckoutSession';
import { useCheckout } from '../hooks/useCheckout';
import { DonateIcon } from './DonateIcons';

interface DonationDetailsFormProps {
  /** Euro per month, or once. */
  amount: number;
  /** docs/product.md §4.1: monthly by default. */
  frequency?: DonationFrequency;
  /** docs/product.md §4: back to the option list; unmounting this form clears every field and the referral choice. */
  onBack: () => void;
}

/** docs/product.md §4/§5 details form: email required; the rest optional; platform and referrer name only when relevant. */
export function DonationDetailsForm({ amount, frequency = 'monthly', onBack }: DonationDetailsFormProps) {
  const { t } = useTranslation('donate');
  const language = useLanguage();
  const { isProcessing, startCheckout, turnstile } = useCheckout();
  const [details, setDetails] = useState<DonationDetails>(EMPTY_DONATION_DETAILS);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // docs/product.md §4: choosing an amount moves to this form; move focus with it so keyboard and screen reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const set = <K extends keyof DonationDetails>(name: K, value: DonationDetails[K]) =>
    setDetails((current) => ({ ...current, [name]: value }));
  const bind = bindFields(details, set);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void startCheckout(amount, details, frequency);
  };

  const optional = { optionalLabel: FORM_MESSAGES[language].optional };
  return (
    <form
      className="donation-form"
      onSubmit={submit}
      onFocus={turnstile.preload}
      onPointerDown={turnstile.preload}
      aria-labelledby={`${id}-title`}
    >
      <div className="donation-form__header">
        <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="donation-form__title">
          {t('monthly.details.title')}
        </h3>
        <p className="donation-form__summary">
          <DonateIcon name="heart" size={22} />
          <span>
            {frequency === 'once'
              ? t('once.summary', { amount: formatEuro(amount, language) })
              : t('monthly.details.summary', {
                  amount: t('monthly.perMonth', { amount: formatEuro(amount, language) }),
                })}
          </span>
        </p>
        <p className="donation-form__note">{t('monthly.details.requiredNote')}</p>
      </div>

      <div className="donation-form__grid">
        <TextField {...bind('email')} label={t('monthly.details.email')} required kind="email" autoComplete="email" />
        <TextField {...bind('name')} label={t('monthly.details.name')} {...optional} kind="name" autoComplete="name" />
      </div>

      <TextField
        {...bind('message')}
        label={t('monthly.details.message')}
        {...optional}
        hint={t('monthly.details.messageHint')}
        rows={3}
        maxLength={LIMITS.message}
      />

      <div className="donation-form__grid">
        <SelectField
          {...bind('source')}
          // docs/product.md §4: the platform only belongs to social media; forget it when the source changes.
          onValueChange={(source) => setDetails((current) => ({ ...current, source, platform: '' }))}
          label={t('monthly.details.source')}
          {...optional}
          placeholder={t('monthly.details.sourcePlaceholder')}
          options={DONATION_SOURCES}
          optionLabel={(source) => t(`monthly.details.sources.${source}`)}
        />
        {details.source === 'social_media' && (
          <SelectField
            {...bind('platform')}
            label={t('monthly.details.platform')}
            {...optional}
            placeholder={t('monthly.details.platformPlaceholder')}
            options={DONATION_PLATFORMS}
            optionLabel={(platform) => t(`monthly.details.platforms.${platform}`)}
          />
        )}
      </div>

      {/* docs/product.md §5: yes/no with no default; a "no" forgets the referrer's name. */}
      <ChoiceGroup
        type="radio"
        name={`${id}-referral`}
        legend={`${t('monthly.details.referral')} ${optional.optionalLabel}`}
        choices={[
          { value: 'yes', label: t('monthly.details.referralYes') },
          { value: 'no', label: t('monthly.details.referralNo') },
        ]}
        value={details.referral}
        onValueChange={(answer) =>
          setDetails((current) => ({
            ...current,
            referral: answer,
            referrerName: answer === 'yes' ? current.referrerName : '',
          }))
        }
      />

      <div className="donation-form__grid">
        {details.referral === 'yes' && (
          <TextField {...bind('referrerName')} label={t('monthly.details.referrerName')} {...optional} kind="name" />
        )}
        <TextField {...bind('referrerEmail')} label={t('monthly.details.referrerEmail')} {...optional} kind="email" />
      </div>

      {turnstile.container}

      <div className="donation-form__actions">
        <button type="button" className="button button--secondary" onClick={onBack} disabled={isProcessing}>
          {t('monthly.details.back')}
        </button>
        <button type="submit" className="button button--primary" disabled={isProcessing}>
          {!isProcessing && <DonateIcon name="lock" size={18} />}
          {t(isProcessing ? 'monthly.details.processing' : 'monthly.details.submit')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {isProcessing ? t('monthly.details.processing') : ''}
      </p>
      <p className="donation-form__secure">
        {t(frequency === 'once' ? 'once.secureNote' : 'monthly.details.secureNote')}
      </p>
    </form>
  );
}

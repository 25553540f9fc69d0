import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_PLATFORMS, DONATION_SOURCES, LIMITS } from '@stichting/contracts';
import { formatEuro } from '../../../components/content/format';
import { ChoiceGroup, Field, FORM_MESSAGES } from '../../../components/forms';
import { useLanguage } from '../../../components/useLanguage';
import { EMPTY_DONATION_DETAILS, type DonationDetails } from '../api/createCheckoutSession';
import { useCheckout } from '../hooks/useCheckout';
import { DonateIcon } from './DonateIcons';

interface DonationDetailsFormProps {
  /** Euro per month. */
  amount: number;
  /** spec §4: back to the option list; unmounting this form clears every field and the referral choice. */
  onBack(): void;
}

/** spec §4/§5 details form: email required; the rest optional; platform and referrer name only when relevant. */
export function DonationDetailsForm({ amount, onBack }: DonationDetailsFormProps) {
  const { t } = useTranslation('donate');
  const language = useLanguage();
  const { isProcessing, startCheckout, turnstile } = useCheckout();
  const [details, setDetails] = useState<DonationDetails>(EMPTY_DONATION_DETAILS);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // spec §4: choosing an amount moves to this form; move focus with it so keyboard and screen reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const set = <K extends keyof DonationDetails>(name: K, value: DonationDetails[K]) =>
    setDetails((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void startCheckout(amount, details);
  };

  const optional = FORM_MESSAGES[language].optional;
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
            {t('monthly.details.summary', {
              amount: t('monthly.perMonth', { amount: formatEuro(amount, language) }),
            })}
          </span>
        </p>
        <p className="donation-form__note">{t('monthly.details.requiredNote')}</p>
      </div>

      <div className="donation-form__grid">
        <Field label={t('monthly.details.email')} required>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              maxLength={LIMITS.email}
              value={details.email}
              onChange={(event) => set('email', event.target.value)}
            />
          )}
        </Field>
        <Field label={t('monthly.details.name')} optionalLabel={optional}>
          {(control) => (
            <input
              {...control}
              type="text"
              name="name"
              autoComplete="name"
              maxLength={LIMITS.name}
              value={details.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </Field>
      </div>

      <Field label={t('monthly.details.message')} optionalLabel={optional} hint={t('monthly.details.messageHint')}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={3}
            maxLength={LIMITS.message}
            value={details.message}
            onChange={(event) => set('message', event.target.value)}
          />
        )}
      </Field>

      <div className="donation-form__grid">
        <Field label={t('monthly.details.source')} optionalLabel={optional}>
          {(control) => (
            <select
              {...control}
              name="source"
              value={details.source}
              onChange={(event) =>
                // spec §4: the platform only belongs to social media; forget it when the source changes.
                setDetails((current) => ({
                  ...current,
                  source: event.target.value as DonationDetails['source'],
                  platform: '',
                }))
              }
            >
              <option value="">{t('monthly.details.sourcePlaceholder')}</option>
              {DONATION_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {t(`monthly.details.sources.${source}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {details.source === 'social_media' && (
          <Field label={t('monthly.details.platform')} optionalLabel={optional}>
            {(control) => (
              <select
                {...control}
                name="platform"
                value={details.platform}
                onChange={(event) => set('platform', event.target.value as DonationDetails['platform'])}
              >
                <option value="">{t('monthly.details.platformPlaceholder')}</option>
                {DONATION_PLATFORMS.map((platform) => (
                  <option key={platform} value={platform}>
                    {t(`monthly.details.platforms.${platform}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>

      {/* spec §5: yes/no with no default; a "no" forgets the referrer's name. */}
      <ChoiceGroup
        type="radio"
        name={`${id}-referral`}
        legend={`${t('monthly.details.referral')} ${optional}`}
        choices={[
          { value: 'yes', label: t('monthly.details.referralYes') },
          { value: 'no', label: t('monthly.details.referralNo') },
        ]}
        value={details.referral}
        onChange={(answer) =>
          setDetails((current) => ({
            ...current,
            referral: answer,
            referrerName: answer === 'yes' ? current.referrerName : '',
          }))
        }
      />

      <div className="donation-form__grid">
        {details.referral === 'yes' && (
          <Field label={t('monthly.details.referrerName')} optionalLabel={optional}>
            {(control) => (
              <input
                {...control}
                type="text"
                name="referrerName"
                maxLength={LIMITS.name}
                value={details.referrerName}
                onChange={(event) => set('referrerName', event.target.value)}
              />
            )}
          </Field>
        )}
        <Field label={t('monthly.details.referrerEmail')} optionalLabel={optional}>
          {(control) => (
            <input
              {...control}
              type="email"
              name="referrerEmail"
              maxLength={LIMITS.email}
              value={details.referrerEmail}
              onChange={(event) => set('referrerEmail', event.target.value)}
            />
          )}
        </Field>
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
      <p className="donation-form__secure">{t('monthly.details.secureNote')}</p>
    </form>
  );
}

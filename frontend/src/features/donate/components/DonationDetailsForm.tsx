import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_PLATFORMS, DONATION_SOURCES, LIMITS } from '@stichting/contracts';
import { formatEuro } from '../../../components/content/format';
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

interface FieldProps {
  id: string;
  label: string;
  optionalLabel?: string;
  required?: boolean;
  hint?: string;
  children: ReactNode;
}

function Field({ id, label, optionalLabel, required, hint, children }: FieldProps) {
  return (
    <div className="donation-form__field">
      <label htmlFor={id} className="donation-form__label">
        {label}
        {required ? (
          <span className="donation-form__required" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          optionalLabel && <span className="donation-form__optional"> ({optionalLabel})</span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="donation-form__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** spec §4/§5 details form: email required; the rest optional; platform and referrer name only when relevant. */
export function DonationDetailsForm({ amount, onBack }: DonationDetailsFormProps) {
  const { t } = useTranslation('donate');
  const language = useLanguage();
  const { isProcessing, startCheckout, turnstile } = useCheckout();
  const [details, setDetails] = useState<DonationDetails>(EMPTY_DONATION_DETAILS);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const fieldId = (name: keyof DonationDetails) => `${id}-${name}`;

  // spec §4: choosing an amount moves to this form; move focus with it so keyboard and screen reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const set = <K extends keyof DonationDetails>(name: K, value: DonationDetails[K]) =>
    setDetails((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void startCheckout(amount, details);
  };

  const optional = t('monthly.details.optional');
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
        <Field id={fieldId('email')} label={t('monthly.details.email')} required>
          <input
            id={fieldId('email')}
            className="donation-form__input"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            value={details.email}
            onChange={(event) => set('email', event.target.value)}
          />
        </Field>
        <Field id={fieldId('name')} label={t('monthly.details.name')} optionalLabel={optional}>
          <input
            id={fieldId('name')}
            className="donation-form__input"
            type="text"
            name="name"
            autoComplete="name"
            maxLength={LIMITS.name}
            value={details.name}
            onChange={(event) => set('name', event.target.value)}
          />
        </Field>
      </div>

      <Field
        id={fieldId('message')}
        label={t('monthly.details.message')}
        optionalLabel={optional}
        hint={t('monthly.details.messageHint')}
      >
        <textarea
          id={fieldId('message')}
          className="donation-form__input donation-form__textarea"
          name="message"
          rows={3}
          maxLength={LIMITS.message}
          aria-describedby={`${fieldId('message')}-hint`}
          value={details.message}
          onChange={(event) => set('message', event.target.value)}
        />
      </Field>

      <div className="donation-form__grid">
        <Field id={fieldId('source')} label={t('monthly.details.source')} optionalLabel={optional}>
          <select
            id={fieldId('source')}
            className="donation-form__input"
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
        </Field>
        {details.source === 'social_media' && (
          <Field id={fieldId('platform')} label={t('monthly.details.platform')} optionalLabel={optional}>
            <select
              id={fieldId('platform')}
              className="donation-form__input"
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
          </Field>
        )}
      </div>

      {/* spec §5: yes/no with no default. */}
      <fieldset className="donation-form__fieldset">
        <legend className="donation-form__label">
          {t('monthly.details.referral')}
          <span className="donation-form__optional"> ({optional})</span>
        </legend>
        <div className="donation-form__radios">
          {(['yes', 'no'] as const).map((answer) => (
            <label key={answer} className="donation-form__radio">
              <input
                type="radio"
                name={`${id}-referral`}
                value={answer}
                checked={details.referral === answer}
                onChange={() =>
                  setDetails((current) => ({
                    ...current,
                    referral: answer,
                    referrerName: answer === 'yes' ? current.referrerName : '',
                  }))
                }
              />
              {t(answer === 'yes' ? 'monthly.details.referralYes' : 'monthly.details.referralNo')}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="donation-form__grid">
        {details.referral === 'yes' && (
          <Field id={fieldId('referrerName')} label={t('monthly.details.referrerName')} optionalLabel={optional}>
            <input
              id={fieldId('referrerName')}
              className="donation-form__input"
              type="text"
              name="referrerName"
              maxLength={LIMITS.name}
              value={details.referrerName}
              onChange={(event) => set('referrerName', event.target.value)}
            />
          </Field>
        )}
        <Field id={fieldId('referrerEmail')} label={t('monthly.details.referrerEmail')} optionalLabel={optional}>
          <input
            id={fieldId('referrerEmail')}
            className="donation-form__input"
            type="email"
            name="referrerEmail"
            maxLength={LIMITS.email}
            value={details.referrerEmail}
            onChange={(event) => set('referrerEmail', event.target.value)}
          />
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

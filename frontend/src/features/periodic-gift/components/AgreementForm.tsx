import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  formatEuro,
  MAX_DONATION_EUR,
  MIN_DONATION_EUR,
  PERIODIC_END_CLAUSES,
  PERIODIC_GIFT_TURNSTILE_ACTION,
  PERIODIC_TERM_YEARS,
  type PeriodicEndClause,
} from '@stichting/contracts';
import {
  ChoiceGroup,
  ErrorPanel,
  Field,
  type Choice,
  SubmitButton,
  TextField,
  useFormSubmission,
  type FormSender,
} from '../../../components/forms';
import { useLanguage } from '../../../components/useLanguage';
import {
  emptyAgreement,
  maxLengthOf,
  monthlyCents,
  SERVER_FIELD_NAMES,
  toAgreementRequest,
  validateAgreement,
  type AgreementError,
  type AgreementErrors,
  type AgreementField,
  type AgreementValues,
  type FirstYearChoice,
  type TermChoice,
} from '../agreementForm';
import { createAgreement } from '../api/periodicGiftApi';

const PERSON_FIELDS = ['FirstNames', 'Surname', 'BirthDate', 'BirthPlace'] as const;

/**
 * docs/product.md §4.9: the agreement form. The browser checks every answer with the server's limits first (messages
 * in the page's language, `noValidate` so the browser's own bubbles in its own language do not show); then the bot
 * check and the POST; the server's field errors appear under their fields. Success: "check your email" with the
 * transaction number.
 */
export function AgreementForm() {
  const { t } = useTranslation('periodicGift');
  const language = useLanguage();
  const [transactionNumber, setTransactionNumber] = useState<string>();
  const [clientErrors, setClientErrors] = useState<AgreementErrors>({});
  const send: FormSender = useCallback(async (request) => {
    const created = await createAgreement(request);
    setTransactionNumber(created.transactionNumber);
  }, []);
  const form = useFormSubmission<AgreementValues>({
    type: PERIODIC_GIFT_TURNSTILE_ACTION,
    send,
    initialValues: emptyAgreement(t('form.defaultCountry')),
    toFormData: (values) => toAgreementRequest(values),
    fieldNames: SERVER_FIELD_NAMES,
  });
  const { values, setValue } = form;
  const formId = useId();

  const message = (error: AgreementError | undefined): string | undefined => {
    if (!error) return undefined;
    const euro = (value: number) => formatEuro(value, language);
    switch (error.code) {
      case 'amount':
        return t('errors.amount', { min: euro(error.min), max: euro(error.max) });
      case 'termYears':
        return t('errors.termYears', { min: error.min, max: error.max });
      case 'tooLong':
        return t('errors.tooLong', { max: error.max });
      default:
        return t(`errors.${error.code}`);
    }
  };
  /** A field's props: value, setter, the browser's or else the server's error, and the server's length limit. */
  const bind = <K extends AgreementField>(name: K) => ({
    ...form.bind(name),
    error: message(clientErrors[name]) ?? form.fieldErrors[name],
    maxLength: maxLengthOf(name),
    onValueChange: (value: AgreementValues[K]) => {
      setValue(name, value);
      setClientErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = validateAgreement(values);
    if (Object.values(errors).some(Boolean)) {
      event.preventDefault();
      setClientErrors(errors);
      // The first refused field takes the focus, so keyboard and screen-reader users land on what to fix.
      requestAnimationFrame(() =>
        document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setClientErrors({});
    form.formProps.onSubmit(event);
  };

  if (form.status === 'success') {
    return (
      <div className="form-panel form-panel--success" role="status" tabIndex={-1} ref={(node) => node?.focus()}>
        <h2 className="form-panel__title">{t('success.title')}</h2>
        <p>{t('success.text', { transactionNumber: transactionNumber ?? '' })}</p>
        <button type="button" className="button button--secondary" onClick={form.startOver}>
          {t('success.again')}
        </button>
      </div>
    );
  }

  const cents = monthlyCents(values.monthlyAmount);
  const thisYear = new Date().getFullYear();
  const optional = form.messages.optional;
  const termChoices: { value: TermChoice; label: string }[] = [
    { value: 'five', label: t('form.termFive') },
    { value: 'years', label: t('form.termYears') },
    { value: 'death', label: t('form.termDeath') },
  ];
  const clauseChoices: Choice<PeriodicEndClause>[] = PERIODIC_END_CLAUSES.map((clause) => ({
    value: clause,
    label: t(`form.clause.${clause}`),
  }));
  const yearChoices: { value: FirstYearChoice; label: string }[] = [
    { value: 'this', label: String(thisYear) },
    { value: 'next', label: String(thisYear + 1) },
  ];

  return (
    <>
      <h2 className="form-card__title">{t('form.title')}</h2>
      <p>{t('form.intro')}</p>
      {form.problem && <ErrorPanel problem={form.problem} detailLabel={form.messages.detailLabel} />}
      <form className="form" id={formId} noValidate {...form.formProps} onSubmit={onSubmit}>
        <fieldset className="form__group">
          <legend className="choice-group__legend">{t('form.donor')}</legend>
          <TextField
            {...bind('firstNames')}
            label={t('form.firstNames')}
            hint={t('form.firstNamesHint')}
            required
            autoComplete="given-name"
          />
          <TextField {...bind('surname')} label={t('form.surname')} required autoComplete="family-name" />
          <div className="form__row">
            <DateField {...bind('birthDate')} label={t('form.birthDate')} autoComplete="bday" />
            <TextField {...bind('birthPlace')} label={t('form.birthPlace')} required />
          </div>
          <div className="form__row">
            <TextField
              {...bind('email')}
              label={t('form.email')}
              hint={t('form.emailHint')}
              required
              kind="email"
              autoComplete="email"
            />
            <TextField
              {...bind('phone')}
              label={t('form.phone')}
              optionalLabel={optional}
              kind="phone"
              autoComplete="tel"
            />
          </div>
        </fieldset>
        <fieldset className="form__group">
          <legend className="choice-group__legend">{t('form.address')}</legend>
          <TextField {...bind('street')} label={t('form.street')} required autoComplete="address-line1" />
          <div className="form__row">
            <TextField {...bind('postalCode')} label={t('form.postalCode')} required autoComplete="postal-code" />
            <TextField {...bind('city')} label={t('form.city')} required autoComplete="address-level2" />
          </div>
          <TextField
            {...bind('country')}
            label={t('form.country')}
            hint={t('form.countryHint')}
            required
            autoComplete="country-name"
          />
        </fieldset>
        <fieldset className="form__group">
          <legend className="choice-group__legend">{t('form.gift')}</legend>
          <TextField
            {...bind('monthlyAmount')}
            label={t('form.monthlyAmount')}
            hint={t('form.monthlyAmountHint', {
              min: formatEuro(MIN_DONATION_EUR, language),
              max: formatEuro(MAX_DONATION_EUR, language),
            })}
            required
            maxLength={12}
          />
          <p className="periodic-form__yearly" aria-live="polite">
            {cents !== null && t('form.yearly', { amount: formatEuro((cents * 12) / 100, language) })}
          </p>
          <ChoiceGroup
            type="radio"
            legend={t('form.term')}
            name="term"
            choices={termChoices}
            value={values.term}
            onValueChange={(value) => setValue('term', value)}
          />
          {values.term === 'years' && (
            <TextField
              {...bind('termYears')}
              label={t('form.termYearsLabel')}
              required
              kind="number"
              min={PERIODIC_TERM_YEARS.min}
              max={PERIODIC_TERM_YEARS.max}
            />
          )}
          <ChoiceGroup
            type="radio"
            legend={t('form.firstYear')}
            name="firstYear"
            choices={yearChoices}
            value={values.firstYear}
            onValueChange={(value) => setValue('firstYear', value)}
          />
          <ChoiceGroup<PeriodicEndClause>
            type="checkbox"
            legend={t('form.clauses')}
            hint={t('form.clausesHint')}
            name="endClauses"
            choices={clauseChoices}
            value={values.endClauses}
            onValueChange={(value) => setValue('endClauses', value)}
          />
        </fieldset>
        <div className="choice">
          <input
            className="choice__input"
            type="checkbox"
            id={`${formId}-partner`}
            checked={values.hasPartner}
            aria-describedby={`${formId}-partner-hint`}
            onChange={(event) => setValue('hasPartner', event.target.checked)}
          />
          <div className="choice__text">
            <label className="choice__label" htmlFor={`${formId}-partner`}>
              {t('form.hasPartner')}
            </label>
            <span className="choice__description" id={`${formId}-partner-hint`}>
              {t('form.hasPartnerHint')}
            </span>
          </div>
        </div>
        {values.hasPartner && (
          <fieldset className="form__group">
            <legend className="choice-group__legend">{t('form.partner')}</legend>
            {PERSON_FIELDS.map((suffix) => {
              const name = `partner${suffix}` as const;
              const label = t(`form.${suffix.charAt(0).toLowerCase()}${suffix.slice(1)}` as 'form.surname');
              return suffix === 'BirthDate' ? (
                <DateField key={name} {...bind(name)} label={label} />
              ) : (
                <TextField key={name} {...bind(name)} label={label} required />
              );
            })}
            <TextField {...bind('partnerEmail')} label={t('form.partnerEmail')} required kind="email" />
          </fieldset>
        )}
        {form.turnstileContainer}
        <SubmitButton label={t('form.submit')} isBusy={form.isBusy} busyLabel={form.busyLabel(t('form.sending'))} />
      </form>
    </>
  );
}

/** A date of birth: the browser's date picker (its value is YYYY-MM-DD), labelled and wired like the other fields. */
function DateField(props: {
  name: string;
  value: string;
  label: string;
  error?: string;
  autoComplete?: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} error={props.error} required>
      {(control) => (
        <input
          {...control}
          type="date"
          name={props.name}
          value={props.value}
          autoComplete={props.autoComplete}
          onChange={(event) => props.onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

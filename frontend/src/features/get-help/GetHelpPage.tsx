import { useTranslation } from 'react-i18next';
import { FOUNDATION, HELP_TYPES, LIMITS, PREFERRED_CONTACT, STAFF_SUBJECTS } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useLanguage } from '../../components/useLanguage';
import { ErrorPanel, Field, SubmitButton, SuccessPanel, useFormSubmission } from '../../components/forms';

type HelpType = (typeof HELP_TYPES)[number];
type PreferredContact = (typeof PREFERRED_CONTACT)[number];

interface HelpRequestValues {
  name: string;
  email: string;
  phone: string;
  location: string;
  familySize: string;
  helpType: HelpType | '';
  description: string;
  preferredContact: PreferredContact;
}

/** spec §3 help request: helpType defaults to food, preferred contact to email. */
const DEFAULTS: HelpRequestValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  familySize: '',
  helpType: 'food',
  description: '',
  preferredContact: 'email',
};

function toFormData(values: HelpRequestValues) {
  return {
    ...values,
    familySize: Number(values.familySize),
    subject: STAFF_SUBJECTS['help-request'], // spec §3: the hidden Dutch subject for staff
  };
}

/** Route table page "getHelp" (spec §2): hero, the request form, privacy link and consent sentence. */
export default function GetHelpPage() {
  const { t } = useTranslation('getHelp');
  const language = useLanguage();
  const form = useFormSubmission({ type: 'help-request', initialValues: DEFAULTS, toFormData });
  const { values, setValue, fieldErrors } = form;

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        <div className="form-card form-card--narrow">
          {form.status === 'success' ? (
            <SuccessPanel title={t('success.title')}>
              <p>{t('success.text')}</p>
              <button type="button" className="button button--secondary" onClick={form.startOver}>
                {t('success.again')}
              </button>
            </SuccessPanel>
          ) : (
            <>
              <h2 className="form-card__title">{t('form.title')}</h2>
              <p className="form-card__intro">{t('form.intro')}</p>
              {form.problem && <ErrorPanel problem={form.problem} detailLabel={form.messages.detailLabel} />}
              <form className="form" {...form.formProps}>
                <div className="form__row">
                  <Field label={t('form.name')} required error={fieldErrors.name}>
                    {(control) => (
                      <input
                        {...control}
                        type="text"
                        name="name"
                        autoComplete="name"
                        maxLength={LIMITS.name}
                        value={values.name}
                        onChange={(event) => setValue('name', event.target.value)}
                      />
                    )}
                  </Field>
                  <Field label={t('form.email')} required error={fieldErrors.email}>
                    {(control) => (
                      <input
                        {...control}
                        type="email"
                        name="email"
                        autoComplete="email"
                        maxLength={LIMITS.email}
                        value={values.email}
                        onChange={(event) => setValue('email', event.target.value)}
                      />
                    )}
                  </Field>
                </div>
                <div className="form__row">
                  <Field label={t('form.phone')} required error={fieldErrors.phone}>
                    {(control) => (
                      <input
                        {...control}
                        type="tel"
                        name="phone"
                        autoComplete="tel"
                        maxLength={LIMITS.phone}
                        value={values.phone}
                        onChange={(event) => setValue('phone', event.target.value)}
                      />
                    )}
                  </Field>
                  <Field label={t('form.location')} required error={fieldErrors.location}>
                    {(control) => (
                      <input
                        {...control}
                        type="text"
                        name="location"
                        autoComplete="address-level2"
                        maxLength={LIMITS.location}
                        value={values.location}
                        onChange={(event) => setValue('location', event.target.value)}
                      />
                    )}
                  </Field>
                </div>
                <div className="form__row">
                  <Field label={t('form.familySize')} required error={fieldErrors.familySize}>
                    {(control) => (
                      <input
                        {...control}
                        type="number"
                        name="familySize"
                        inputMode="numeric"
                        min={1}
                        max={LIMITS.familySizeMax}
                        step={1}
                        value={values.familySize}
                        onChange={(event) => setValue('familySize', event.target.value)}
                      />
                    )}
                  </Field>
                  <Field label={t('form.helpType')} required error={fieldErrors.helpType}>
                    {(control) => (
                      <select
                        {...control}
                        name="helpType"
                        value={values.helpType}
                        onChange={(event) => setValue('helpType', event.target.value as HelpType)}
                      >
                        <option value="" disabled>
                          {t('form.helpTypePlaceholder')}
                        </option>
                        {HELP_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`form.helpTypes.${type}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
                <Field
                  label={t('form.description')}
                  hint={t('form.descriptionHint')}
                  required
                  error={fieldErrors.description}
                >
                  {(control) => (
                    <textarea
                      {...control}
                      name="description"
                      rows={4}
                      maxLength={LIMITS.description}
                      value={values.description}
                      onChange={(event) => setValue('description', event.target.value)}
                    />
                  )}
                </Field>
                <Field label={t('form.preferredContact')} required error={fieldErrors.preferredContact}>
                  {(control) => (
                    <select
                      {...control}
                      name="preferredContact"
                      value={values.preferredContact}
                      onChange={(event) => setValue('preferredContact', event.target.value as PreferredContact)}
                    >
                      {PREFERRED_CONTACT.map((option) => (
                        <option key={option} value={option}>
                          {t(`form.contactOptions.${option}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <input type="hidden" name="subject" value={STAFF_SUBJECTS['help-request']} />
                <input type="hidden" name="language" value={language} />
                {form.turnstileContainer}
                <SubmitButton
                  label={t('form.submit')}
                  isBusy={form.isBusy}
                  busyLabel={form.busyLabel(t('form.sending'))}
                />
              </form>
              <p className="form__consent">
                {t('privacy.consent')}{' '}
                <a href={FOUNDATION.documents.privacy[language]} target="_blank" rel="noopener noreferrer">
                  {t('privacy.link')}
                </a>
              </p>
            </>
          )}
        </div>
      </Section>
    </>
  );
}

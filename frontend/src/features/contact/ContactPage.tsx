import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { ErrorPanel, Field, SubmitButton, SuccessPanel, useFormSubmission } from '../../components/forms';
import { ContactInfo } from './ContactInfo';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Route table page "contact" (spec §2): hero, contact form, contact details. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const form = useFormSubmission({ type: 'contact', initialValues: EMPTY, toFormData: (values) => values });
  const { values, setValue, fieldErrors } = form;
  const [searchParams] = useSearchParams();

  // spec §2: the donate page links here with ?subject=...&message=...; applied after hydration.
  useEffect(() => {
    const subject = searchParams.get('subject');
    const message = searchParams.get('message');
    if (subject) setValue('subject', subject.slice(0, LIMITS.subject));
    if (message) setValue('message', message.slice(0, LIMITS.message));
  }, [searchParams, setValue]);

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        <div className="contact-layout">
          <div className="form-card">
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
                  <Field label={t('form.subject')} required error={fieldErrors.subject}>
                    {(control) => (
                      <input
                        {...control}
                        type="text"
                        name="subject"
                        maxLength={LIMITS.subject}
                        value={values.subject}
                        onChange={(event) => setValue('subject', event.target.value)}
                      />
                    )}
                  </Field>
                  <Field label={t('form.message')} required error={fieldErrors.message}>
                    {(control) => (
                      <textarea
                        {...control}
                        name="message"
                        rows={6}
                        maxLength={LIMITS.message}
                        value={values.message}
                        onChange={(event) => setValue('message', event.target.value)}
                      />
                    )}
                  </Field>
                  {form.turnstileContainer}
                  <SubmitButton
                    label={t('form.submit')}
                    isBusy={form.isBusy}
                    busyLabel={form.busyLabel(t('form.sending'))}
                  />
                </form>
              </>
            )}
          </div>
          <ContactInfo />
        </div>
      </Section>
    </>
  );
}

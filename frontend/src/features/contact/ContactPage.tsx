import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import { CONTACT_TOPIC_PARAM, CONTACT_TOPICS, LIMITS } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { ErrorPanel, SubmitButton, SuccessPanel, TextField, useFormSubmission } from '../../components/forms';
import { ContactInfo } from './ContactInfo';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Route table page "contact" (docs/product.md §2): hero, contact form, contact details. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const form = useFormSubmission({ type: 'contact', initialValues: EMPTY, toFormData: (values) => values });
  const { setValue, bind } = form;
  const [searchParams] = useSearchParams();

  // docs/product.md §2.8: the donate page links here with ?subject=...&message=..., the donor emails with
  // ?topic=periodic-gift (texts in this page's language); applied after hydration.
  useEffect(() => {
    const topic = CONTACT_TOPICS.find((name) => name === searchParams.get(CONTACT_TOPIC_PARAM));
    const subject = topic ? t(`topics.${topic}.subject`) : searchParams.get('subject');
    const message = topic ? t(`topics.${topic}.message`) : searchParams.get('message');
    if (subject) setValue('subject', subject.slice(0, LIMITS.subject));
    if (message) setValue('message', message.slice(0, LIMITS.message));
  }, [searchParams, setValue, t]);

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        <div className="contact-layout">
          <div className="form-card">
            {form.status === 'success' ? (
              <SuccessPanel t={t} onAgain={form.startOver} />
            ) : (
              <>
                <h2 className="form-card__title">{t('form.title')}</h2>
                {form.problem && <ErrorPanel problem={form.problem} detailLabel={form.messages.detailLabel} />}
                <form className="form" {...form.formProps}>
                  <div className="form__row">
                    <TextField {...bind('name')} label={t('form.name')} required kind="name" autoComplete="name" />
                    <TextField {...bind('email')} label={t('form.email')} required kind="email" autoComplete="email" />
                  </div>
                  <TextField {...bind('subject')} label={t('form.subject')} required maxLength={LIMITS.subject} />
                  <TextField
                    {...bind('message')}
                    label={t('form.message')}
                    required
                    rows={6}
                    maxLength={LIMITS.message}
                  />
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

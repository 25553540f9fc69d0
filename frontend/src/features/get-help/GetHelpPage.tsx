import { useTranslation } from '../../i18n/react';
import { FOUNDATION, HELP_TYPES, LIMITS, PREFERRED_CONTACT, STAFF_SUBJECTS } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useLanguage } from '../../components/useLanguage';
import {
  ErrorPanel,
  SelectField,
  SubmitButton,
  SuccessPanel,
  TextField,
  useFormSubmission,
} from '../../components/forms';

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

/** docs/product.md §3 help request: helpType defaults to food, preferred contact to email. */
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
    subject: STAFF_SUBJECTS['help-request'], // docs/product.md §3: the hidden Dutch subject for staff
  };
}

/** Route table page "getHelp" (docs/product.md §2): hero, the request form, privacy link and consent sentence. */
export default function GetHelpPage() {
  const { t } = useTranslation('getHelp');
  const language = useLanguage();
  const form = useFormSubmission({ type: 'help-request', initialValues: DEFAULTS, toFormData });
  const { bind } = form;

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        <div className="form-card form-card--narrow">
          {form.status === 'success' ? (
            <SuccessPanel t={t} onAgain={form.startOver} />
          ) : (
            <>
              <h2 className="form-card__title">{t('form.title')}</h2>
              <p className="form-card__intro">{t('form.intro')}</p>
              {form.problem && <ErrorPanel problem={form.problem} detailLabel={form.messages.detailLabel} />}
              <form className="form" {...form.formProps}>
                <div className="form__row">
                  <TextField {...bind('name')} label={t('form.name')} required kind="name" autoComplete="name" />
                  <TextField {...bind('email')} label={t('form.email')} required kind="email" autoComplete="email" />
                </div>
                <div className="form__row">
                  <TextField {...bind('phone')} label={t('form.phone')} required kind="phone" autoComplete="tel" />
                  <TextField
                    {...bind('location')}
                    label={t('form.location')}
                    required
                    autoComplete="address-level2"
                    maxLength={LIMITS.location}
                  />
                </div>
                <div className="form__row">
                  <TextField
                    {...bind('familySize')}
                    label={t('form.familySize')}
                    required
                    kind="number"
                    min={1}
                    max={LIMITS.familySizeMax}
                  />
                  <SelectField
                    {...bind('helpType')}
                    label={t('form.helpType')}
                    required
                    placeholder={t('form.helpTypePlaceholder')}
                    options={HELP_TYPES}
                    optionLabel={(type) => t(`form.helpTypes.${type}`)}
                  />
                </div>
                <TextField
                  {...bind('description')}
                  label={t('form.description')}
                  hint={t('form.descriptionHint')}
                  required
                  rows={4}
                  maxLength={LIMITS.description}
                />
                <SelectField
                  {...bind('preferredContact')}
                  label={t('form.preferredContact')}
                  required
                  // A required select's first option must be an empty one (W3C HTML, scripts/html-check.mjs);
                  // email stays chosen by default.
                  placeholder={t('form.preferredContactPlaceholder')}
                  options={PREFERRED_CONTACT}
                  optionLabel={(option) => t(`form.contactOptions.${option}`)}
                />
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

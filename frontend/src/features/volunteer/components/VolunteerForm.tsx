import { useTranslation } from 'react-i18next';
import {
  AVAILABILITY,
  LIMITS,
  PREFERRED_CONTACT,
  SKILLS,
  SPOKEN_LANGUAGES,
  VOLUNTEER_CATEGORIES,
  VOLUNTEER_LOCATIONS,
  type VolunteerCategory,
  type VolunteerLocation,
} from '@stichting/contracts';
import {
  ChoiceGroup,
  ErrorPanel,
  Field,
  SubmitButton,
  SuccessPanel,
  useFormSubmission,
} from '../../../components/forms';
import { useMediaQuery } from '../hooks/useMediaQuery';

type Availability = (typeof AVAILABILITY)[number];
type PreferredContact = (typeof PREFERRED_CONTACT)[number];
type Skill = (typeof SKILLS)[number];
type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number];

interface ApplicationValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  availability: Availability | '';
  motivation: string;
  experience: string;
  /** spec §3: never pre-set on the volunteer form. */
  preferredContact: PreferredContact | '';
  skills: Skill[];
  languages: SpokenLanguage[];
}

const EMPTY: ApplicationValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  availability: '',
  motivation: '',
  experience: '',
  preferredContact: '',
  skills: [],
  languages: [],
};

export const VOLUNTEER_FORM_ID = 'volunteer-form';

interface VolunteerFormProps {
  location: VolunteerLocation;
  speaksDutch: boolean | null;
  category: VolunteerCategory;
  onBack(): void;
  onDone(): void;
}

/** The application form (spec §4): the chosen location and category shown disabled, the applicant's details. */
export function VolunteerForm({ location, speaksDutch, category, onBack, onDone }: VolunteerFormProps) {
  const { t } = useTranslation('volunteer');
  const isWide = useMediaQuery('(min-width: 768px)');
  const form = useFormSubmission({
    type: 'volunteer',
    initialValues: EMPTY,
    fieldNames: { name: 'firstName' },
    toFormData: ({ firstName, lastName, ...rest }: ApplicationValues) => ({
      ...rest,
      name: `${firstName.trim()} ${lastName.trim()}`, // spec §3: first and last name joined by a space
      location,
      ...(location === 'local' ? { speaksDutch } : {}),
      category,
    }),
  });
  const { values, setValue, fieldErrors } = form;

  if (form.status === 'success') {
    return (
      <div className="form-card">
        <SuccessPanel title={t('success.title')}>
          <p>{t('success.text')}</p>
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('success.again')}
          </button>
        </SuccessPanel>
      </div>
    );
  }

  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', type: string, autoComplete: string) => (
    <Field
      label={t(`form.${name}`)}
      required={name !== 'phone'}
      optionalLabel={form.messages.optional}
      error={fieldErrors[name]}
    >
      {(control) => (
        <input
          {...control}
          type={type}
          name={name}
          autoComplete={autoComplete}
          maxLength={name === 'email' ? LIMITS.email : name === 'phone' ? LIMITS.phone : LIMITS.name}
          value={values[name]}
          onChange={(event) => setValue(name, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <div className="form-card">
      <button type="button" className="button button--secondary volunteer-form__back" onClick={onBack}>
        {t('form.back')}
      </button>
      <h2 className="form-card__title" id="volunteer-form-title" tabIndex={-1}>
        {t('form.title')}
      </h2>
      <p className="form-card__intro">{t('form.intro')}</p>
      {form.problem && <ErrorPanel problem={form.problem} detailLabel={form.messages.detailLabel} />}
      <form id={VOLUNTEER_FORM_ID} className="form" aria-labelledby="volunteer-form-title" {...form.formProps}>
        <div className="form__row">
          <Field label={t('form.location')}>
            {(control) => (
              <select {...control} name="location" value={location} disabled>
                {VOLUNTEER_LOCATIONS.map((option) => (
                  <option key={option} value={option}>
                    {t(`steps.location.${option}.title`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('form.category')}>
            {(control) => (
              <select {...control} name="category" value={category} disabled>
                {VOLUNTEER_CATEGORIES.map((option) => (
                  <option key={option} value={option}>
                    {t(`categories.${option}.title`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="form__row">
          {text('firstName', 'text', 'given-name')}
          {text('lastName', 'text', 'family-name')}
        </div>
        <div className="form__row">
          {text('email', 'email', 'email')}
          {text('phone', 'tel', 'tel')}
        </div>
        <Field label={t('form.availability')} required error={fieldErrors.availability}>
          {(control) => (
            <select
              {...control}
              name="availability"
              value={values.availability}
              onChange={(event) => setValue('availability', event.target.value as Availability)}
            >
              <option value="" disabled>
                {t('form.availabilityPlaceholder')}
              </option>
              {AVAILABILITY.map((option) => (
                <option key={option} value={option}>
                  {t(`form.availabilityOptions.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('form.motivation')} hint={t('form.motivationHint')} required error={fieldErrors.motivation}>
          {(control) => (
            <textarea
              {...control}
              name="motivation"
              rows={isWide ? 4 : 3} // spec §5: 4 rows desktop, 3 mobile
              maxLength={LIMITS.motivation}
              value={values.motivation}
              onChange={(event) => setValue('motivation', event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('form.experience')}
          hint={t('form.experienceHint')}
          optionalLabel={form.messages.optional}
          error={fieldErrors.experience}
        >
          {(control) => (
            <textarea
              {...control}
              name="experience"
              rows={3}
              maxLength={LIMITS.experience}
              value={values.experience}
              onChange={(event) => setValue('experience', event.target.value)}
            />
          )}
        </Field>
        <ChoiceGroup
          type="radio"
          name="preferredContact"
          legend={t('form.preferredContact')}
          required
          choices={PREFERRED_CONTACT.map((option) => ({ value: option, label: t(`form.contactOptions.${option}`) }))}
          value={values.preferredContact}
          onChange={(value) => setValue('preferredContact', value)}
          error={fieldErrors.preferredContact}
        />
        <ChoiceGroup
          type="checkbox"
          name="skills"
          legend={t('form.skills')}
          hint={t('form.skillsHint')}
          className="choice-group--columns"
          requireOneMessage={t('form.selectSkill')}
          choices={SKILLS.map((skill) => ({ value: skill, label: t(`form.skillOptions.${skill}`) }))}
          value={values.skills}
          onChange={(value) => setValue('skills', value)}
          error={fieldErrors.skills}
        />
        <ChoiceGroup
          type="checkbox"
          name="languages"
          legend={t('form.languages')}
          className="choice-group--columns"
          requireOneMessage={t('form.selectLanguage')}
          choices={SPOKEN_LANGUAGES.map((language) => ({
            value: language,
            label: t(`form.languageOptions.${language}`),
          }))}
          value={values.languages}
          onChange={(value) => setValue('languages', value)}
          error={fieldErrors.languages}
        />
        <p className="form__promise">{t('form.promise')}</p>
        {form.turnstileContainer}
        <SubmitButton label={t('form.submit')} isBusy={form.isBusy} busyLabel={form.busyLabel(t('form.sending'))} />
      </form>
    </div>
  );
}

import { useTranslation } from '../../../i18n/react';
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
  SelectField,
  SubmitButton,
  SuccessPanel,
  TextField,
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
  /** docs/product.md §3: never pre-set on the volunteer form. */
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
  onBack: () => void;
  onDone: () => void;
}

/** The application form (docs/product.md §4): the chosen location and category shown disabled, the applicant's details. */
export function VolunteerForm({ location, speaksDutch, category, onBack, onDone }: VolunteerFormProps) {
  const { t } = useTranslation('volunteer');
  const isWide = useMediaQuery('(min-width: 768px)');
  const form = useFormSubmission({
    type: 'volunteer',
    initialValues: EMPTY,
    fieldNames: { name: 'firstName' },
    toFormData: ({ firstName, lastName, ...rest }: ApplicationValues) => ({
      ...rest,
      name: `${firstName.trim()} ${lastName.trim()}`, // docs/product.md §3: first and last name joined by a space
      location,
      ...(location === 'local' ? { speaksDutch } : {}),
      category,
    }),
  });
  const { bind } = form;

  if (form.status === 'success') {
    return (
      <div className="form-card">
        <SuccessPanel t={t} onAgain={onDone} />
      </div>
    );
  }

  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'phone',
    kind: 'name' | 'email' | 'phone',
    autoComplete: string,
  ) => (
    <TextField
      {...bind(name)}
      label={t(`form.${name}`)}
      required={name !== 'phone'}
      optionalLabel={form.messages.optional}
      kind={kind}
      autoComplete={autoComplete}
    />
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
          <SelectField
            name="location"
            label={t('form.location')}
            value={location}
            disabled
            options={VOLUNTEER_LOCATIONS}
            optionLabel={(option) => t(`steps.location.${option}.title`)}
          />
          <SelectField
            name="category"
            label={t('form.category')}
            value={category}
            disabled
            options={VOLUNTEER_CATEGORIES}
            optionLabel={(option) => t(`categories.${option}.title`)}
          />
        </div>
        <div className="form__row">
          {text('firstName', 'name', 'given-name')}
          {text('lastName', 'name', 'family-name')}
        </div>
        <div className="form__row">
          {text('email', 'email', 'email')}
          {text('phone', 'phone', 'tel')}
        </div>
        <SelectField
          {...bind('availability')}
          label={t('form.availability')}
          required
          placeholder={t('form.availabilityPlaceholder')}
          options={AVAILABILITY}
          optionLabel={(option) => t(`form.availabilityOptions.${option}`)}
        />
        <TextField
          {...bind('motivation')}
          label={t('form.motivation')}
          hint={t('form.motivationHint')}
          required
          rows={isWide ? 4 : 3} // docs/product.md §5: 4 rows desktop, 3 mobile
          maxLength={LIMITS.motivation}
        />
        <TextField
          {...bind('experience')}
          label={t('form.experience')}
          hint={t('form.experienceHint')}
          optionalLabel={form.messages.optional}
          rows={3}
          maxLength={LIMITS.experience}
        />
        <ChoiceGroup
          type="radio"
          {...bind('preferredContact')}
          legend={t('form.preferredContact')}
          required
          choices={PREFERRED_CONTACT.map((option) => ({ value: option, label: t(`form.contactOptions.${option}`) }))}
        />
        <ChoiceGroup
          type="checkbox"
          {...bind('skills')}
          legend={t('form.skills')}
          hint={t('form.skillsHint')}
          className="choice-group--columns"
          requireOneMessage={t('form.selectSkill')}
          choices={SKILLS.map((skill) => ({ value: skill, label: t(`form.skillOptions.${skill}`) }))}
        />
        <ChoiceGroup
          type="checkbox"
          {...bind('languages')}
          legend={t('form.languages')}
          className="choice-group--columns"
          requireOneMessage={t('form.selectLanguage')}
          choices={SPOKEN_LANGUAGES.map((language) => ({
            value: language,
            label: t(`form.languageOptions.${language}`),
          }))}
        />
        <p className="form__promise">{t('form.promise')}</p>
        {form.turnstileContainer}
        <SubmitButton label={t('form.submit')} isBusy={form.isBusy} busyLabel={form.busyLabel(t('form.sending'))} />
      </form>
    </div>
  );
}

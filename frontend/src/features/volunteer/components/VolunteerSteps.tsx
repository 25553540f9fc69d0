import { useTranslation } from '../../../i18n/react';
import { VOLUNTEER_LOCATIONS, type VolunteerCategory, type VolunteerLocation } from '@stichting/contracts';
import { ChoiceGroup } from '../../../components/forms';
import {
  asksDutch,
  availableCategories,
  pendingHint,
  type VolunteerChoices,
  type VolunteerStep,
} from '../volunteerSteps';

/** Section ids of the steps: targets of the hero button, auto-scroll and "scroll to the first missing step". */
export const STEPS_ID = 'volunteer-steps';
export const STEP_IDS: Record<VolunteerStep | 'apply', string> = {
  location: 'volunteer-step-location',
  dutch: 'volunteer-step-dutch',
  category: 'volunteer-step-category',
  apply: 'volunteer-step-apply',
};

interface VolunteerStepsProps {
  choices: VolunteerChoices;
  onLocation: (location: VolunteerLocation) => void;
  onDutch: (speaksDutch: boolean) => void;
  onCategory: (category: VolunteerCategory) => void;
  onStart: () => void;
}

/** docs/product.md §4 Volunteer flow: location, Dutch question (local only), category, then the apply step or a hint. */
export function VolunteerSteps({ choices, onLocation, onDutch, onCategory, onStart }: VolunteerStepsProps) {
  const { t } = useTranslation('volunteer');
  const categories = availableCategories(choices);
  const hint = pendingHint(choices);

  return (
    <section id={STEPS_ID} className="section volunteer-steps" aria-labelledby="volunteer-steps-title">
      <div className="container">
        <h2 id="volunteer-steps-title" className="section__title">
          {t('steps.title')}
        </h2>
        <p className="volunteer-steps__intro">{t('steps.intro')}</p>

        <div id={STEP_IDS.location} className="volunteer-step" tabIndex={-1}>
          <p className="volunteer-step__number">{t('steps.stepLabel', { number: '1' })}</p>
          <ChoiceGroup
            type="radio"
            variant="cards"
            name="volunteer-location"
            legend={<h3 className="volunteer-step__title">{t('steps.location.title')}</h3>}
            choices={VOLUNTEER_LOCATIONS.map((location) => ({
              value: location,
              label: t(`steps.location.${location}.title`),
              description: t(`steps.location.${location}.description`),
            }))}
            value={choices.location ?? ''}
            onValueChange={onLocation}
          />
        </div>

        {asksDutch(choices) && (
          <div id={STEP_IDS.dutch} className="volunteer-step" tabIndex={-1}>
            <p className="volunteer-step__number">{t('steps.stepLabel', { number: '1.1' })}</p>
            <ChoiceGroup
              type="radio"
              variant="cards"
              name="volunteer-dutch"
              legend={<h3 className="volunteer-step__title">{t('steps.dutch.title')}</h3>}
              hint={t('steps.dutch.text')}
              choices={[
                { value: 'yes', label: t('steps.dutch.yes') },
                { value: 'no', label: t('steps.dutch.no') },
              ]}
              value={choices.speaksDutch === null ? '' : choices.speaksDutch ? 'yes' : 'no'}
              onValueChange={(answer) => onDutch(answer === 'yes')}
            />
          </div>
        )}

        <div id={STEP_IDS.category} className="volunteer-step" tabIndex={-1}>
          <p className="volunteer-step__number">{t('steps.stepLabel', { number: '2' })}</p>
          {categories.length > 0 ? (
            <ChoiceGroup
              type="radio"
              variant="cards"
              name="volunteer-category"
              className="choice-group--grid"
              legend={<h3 className="volunteer-step__title">{t('steps.category.title')}</h3>}
              hint={t('steps.category.text')}
              choices={categories.map((category) => ({
                value: category,
                label: t(`categories.${category}.title`),
                description: t(`categories.${category}.description`),
              }))}
              value={choices.category ?? ''}
              onValueChange={onCategory}
            />
          ) : (
            <>
              <h3 className="volunteer-step__title">{t('steps.category.title')}</h3>
              <p className="volunteer-step__waiting">
                {choices.location === null ? t('steps.hints.selectLocation') : t('steps.category.waiting')}
              </p>
            </>
          )}
        </div>

        <div id={STEP_IDS.apply} className="volunteer-step volunteer-step--apply" tabIndex={-1}>
          <p className="volunteer-step__number">{t('steps.stepLabel', { number: '3' })}</p>
          {hint === null ? (
            <div className="volunteer-apply">
              <h3 className="volunteer-step__title">{t('steps.apply.title')}</h3>
              <p>{t('steps.apply.text')}</p>
              <button type="button" className="button button--primary" onClick={onStart}>
                {t('steps.apply.button')}
              </button>
            </div>
          ) : (
            <p className="form-hint form-hint--warning" role="status">
              {t(`steps.hints.${hint}`)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

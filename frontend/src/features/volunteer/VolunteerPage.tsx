import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { VolunteerCategory, VolunteerLocation } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { VolunteerForm } from './components/VolunteerForm';
import { STEP_IDS, STEPS_ID, VolunteerSteps } from './components/VolunteerSteps';
import { AUTO_SCROLL_DELAY_MS, isBelowDesktop, scrollToSection, scrollToTop } from './hooks/scrollToSection';
import {
  chooseCategory,
  chooseDutch,
  chooseLocation,
  firstMissingStep,
  nextStepAfter,
  NO_CHOICES,
  type VolunteerChoices,
  type VolunteerStep,
} from './volunteerSteps';

/** Where to scroll once the next render is on screen. */
type ScrollRequest = { kind: 'top' } | { kind: 'section'; id: string; focus: boolean };

/** Route table page "volunteer" (docs/product.md §2, §4 Volunteer flow). Strings: src/locales/<lng>/volunteer.json. */
export default function VolunteerPage() {
  const { t } = useTranslation('volunteer');
  const [choices, setChoices] = useState<VolunteerChoices>(NO_CHOICES);
  const [isFormOpen, setFormOpen] = useState(false);
  const scrollRequest = useRef<ScrollRequest | null>(null);
  const autoScrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Scroll requests wait for the render that shows their target (the form, or the steps again).
  useEffect(() => {
    const request = scrollRequest.current;
    scrollRequest.current = null;
    if (!request) return;
    if (request.kind === 'top') {
      scrollToTop();
      document.getElementById('volunteer-form-title')?.focus({ preventScroll: true });
    } else {
      scrollToSection(request.id, { focus: request.focus });
    }
  });
  const [, rerender] = useState(0);
  const requestScroll = (request: ScrollRequest) => {
    scrollRequest.current = request;
    rerender((count) => count + 1);
  };

  useEffect(() => () => clearTimeout(autoScrollTimer.current), []);

  /** docs/product.md §4: below 1024 px a choice scrolls to the next section after 300 ms. */
  const choose = (step: VolunteerStep, next: VolunteerChoices) => {
    setChoices(next);
    if (!isBelowDesktop()) return;
    clearTimeout(autoScrollTimer.current);
    const target = STEP_IDS[nextStepAfter(step, next)];
    autoScrollTimer.current = setTimeout(() => scrollToSection(target), AUTO_SCROLL_DELAY_MS);
  };

  /** docs/product.md §4: complete -> open the form at the top; incomplete -> the first missing step. */
  const startApplication = () => {
    const missing = firstMissingStep(choices);
    if (missing === null) {
      setFormOpen(true);
      requestScroll({ kind: 'top' });
      return;
    }
    setFormOpen(false);
    requestScroll({ kind: 'section', id: STEP_IDS[missing], focus: true });
  };

  const showSteps = () => {
    setFormOpen(false);
    requestScroll({ kind: 'section', id: STEPS_ID, focus: false });
  };

  const heroButtons = (
    <div className="button-row">
      <button type="button" className="button button--primary" onClick={startApplication}>
        {t('hero.signUp')}
      </button>
      <button type="button" className="button button--secondary" onClick={showSteps}>
        {t('hero.viewOpportunities')}
      </button>
    </div>
  );

  return (
    <>
      <PageHero title={t('title')} text={t('intro')}>
        {heroButtons}
      </PageHero>
      {isFormOpen && choices.location && choices.category ? (
        <Section>
          <VolunteerForm
            location={choices.location}
            speaksDutch={choices.speaksDutch}
            category={choices.category}
            onBack={showSteps}
            onDone={() => {
              setChoices(NO_CHOICES);
              showSteps();
            }}
          />
        </Section>
      ) : (
        <>
          <VolunteerSteps
            choices={choices}
            onLocation={(location: VolunteerLocation) => choose('location', chooseLocation(choices, location))}
            onDutch={(speaksDutch: boolean) => choose('dutch', chooseDutch(choices, speaksDutch))}
            onCategory={(category: VolunteerCategory) => choose('category', chooseCategory(choices, category))}
            onStart={startApplication}
          />
          <Section title={t('banner.title')} tone="accent">
            <p className="sponsor-banner__text">{t('banner.text')}</p>
            <button type="button" className="button button--light" onClick={startApplication}>
              {t('hero.signUp')}
            </button>
          </Section>
        </>
      )}
    </>
  );
}

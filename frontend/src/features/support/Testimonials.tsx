import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ContentIcon } from '../../components/content/ContentIcons';
import { useAutoAdvance, useInterval } from '../../components/content/useAutoAdvance';
import { TESTIMONIAL_NAMES } from './testimonials';

// docs/product.md §4/§9: a new testimonial every 8 s, with a 500 ms fade out, then fade in.
const ROTATE_MS = 8000;
const FADE_MS = 500;

export function Testimonials() {
  const { t } = useTranslation('support');
  const items = t('testimonials.items', { returnObjects: true });
  const [index, setIndex] = useState(0);
  const [isFadedOut, setFadedOut] = useState(false);
  const motion = useAutoAdvance();
  const count = items.length;

  // The fade-in is scheduled together with the fade-out, so a tick always completes 500 ms later.
  const fadeTimer = useRef<number | undefined>(undefined);
  useInterval(
    () => {
      setFadedOut(true);
      fadeTimer.current = window.setTimeout(() => {
        setIndex((current) => (current + 1) % count);
        setFadedOut(false);
      }, FADE_MS);
    },
    motion.isRunning ? ROTATE_MS : null,
  );
  useEffect(() => () => window.clearTimeout(fadeTimer.current), []);

  const show = (by: number) => {
    window.clearTimeout(fadeTimer.current);
    setFadedOut(false);
    setIndex((current) => (current + by + count) % count);
  };
  const item = items[index];
  const name = TESTIMONIAL_NAMES[index] ?? t('testimonials.anonymous');

  return (
    <section
      className="testimonials"
      aria-roledescription="carousel"
      aria-label={t('testimonials.regionLabel')}
      data-testid="testimonials"
      {...motion.pointerHandlers}
    >
      <div aria-live={motion.isRunning ? 'off' : 'polite'} {...motion.focusHandlers}>
        <figure
          className={`testimonial${isFadedOut ? ' is-faded-out' : ''}`}
          data-testid="testimonial"
          data-index={index}
        >
          <blockquote className="testimonial__quote">
            <p>{item.quote}</p>
          </blockquote>
          <figcaption className="testimonial__attribution">
            <span className="testimonial__name">{name}</span>
            <span>{item.attribution}</span>
          </figcaption>
        </figure>
      </div>
      <div className="carousel__controls carousel__controls--center">
        <button type="button" className="carousel__button" onClick={() => show(-1)}>
          <ContentIcon name="chevronLeft" size={20} />
          <span className="visually-hidden">{t('testimonials.previous')}</span>
        </button>
        {motion.canAutoAdvance && (
          <button type="button" className="carousel__button" {...motion.pauseButtonHandlers}>
            <ContentIcon name={motion.isStoppedByVisitor ? 'play' : 'pause'} size={20} />
            <span className="visually-hidden">
              {motion.isStoppedByVisitor ? t('testimonials.play') : t('testimonials.pause')}
            </span>
          </button>
        )}
        <button type="button" className="carousel__button" onClick={() => show(1)}>
          <ContentIcon name="chevronRight" size={20} />
          <span className="visually-hidden">{t('testimonials.next')}</span>
        </button>
      </div>
    </section>
  );
}

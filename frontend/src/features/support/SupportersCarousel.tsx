import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ContentIcon } from '../../components/content/ContentIcons';
import { LogoImage } from '../../components/content/LogoImage';
import { useAutoAdvance, useInterval } from '../../components/content/useAutoAdvance';
import { SUPPORTERS, VERIFICATION_BADGES } from './supporters';

// docs/product.md §4/§9: advance by one every 4 s and wrap around; 4 logos desktop, 3 tablet, 2 mobile (CSS shows the first N).
const ADVANCE_MS = 4000;

/** The rotating supporters carousel of the support page, plus the two verification badges. */
export function SupportersCarousel() {
  const { t } = useTranslation('support');
  const [first, setFirst] = useState(0);
  const motion = useAutoAdvance();
  const count = SUPPORTERS.length;
  const step = (by: number) => setFirst((current) => (current + by + count) % count);
  useInterval(() => step(1), motion.isRunning ? ADVANCE_MS : null);

  // The window starts at `first` and wraps: [first, first+1, ..., first+count-1] (mod count).
  const ordered = SUPPORTERS.map((_, offset) => SUPPORTERS[(first + offset) % count]);

  return (
    <>
      <section
        className="carousel"
        aria-roledescription="carousel"
        aria-label={t('supporters.regionLabel')}
        data-testid="supporters-carousel"
        {...motion.pointerHandlers}
      >
        <div className="carousel__controls">
          {motion.canAutoAdvance && (
            <button
              type="button"
              className="carousel__button"
              {...motion.pauseButtonHandlers}
              data-testid="carousel-pause"
            >
              <ContentIcon name={motion.isStoppedByVisitor ? 'play' : 'pause'} size={20} />
              <span className="visually-hidden">
                {motion.isStoppedByVisitor ? t('supporters.play') : t('supporters.pause')}
              </span>
            </button>
          )}
          <button type="button" className="carousel__button" onClick={() => step(-1)}>
            <ContentIcon name="chevronLeft" size={20} />
            <span className="visually-hidden">{t('supporters.previous')}</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => step(1)}>
            <ContentIcon name="chevronRight" size={20} />
            <span className="visually-hidden">{t('supporters.next')}</span>
          </button>
        </div>
        <ul className="carousel__track" aria-live={motion.isRunning ? 'off' : 'polite'} {...motion.focusHandlers}>
          {ordered.map((supporter) => (
            <li key={supporter.id} className="carousel__item" data-testid="supporter" data-supporter={supporter.id}>
              <a href={supporter.website} target="_blank" rel="noopener noreferrer" className="carousel__link">
                <LogoImage src={supporter.logo} name={supporter.name} />
                <span className="visually-hidden"> {t('supporters.newTab')}</span>
              </a>
              <p className="carousel__category">{t(`supporters.categories.${supporter.category}`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <h3 className="badges__title">{t('supporters.badgesTitle')}</h3>
      <ul className="badges" role="list">
        {VERIFICATION_BADGES.map((badge) => (
          <li key={badge.id} className="card badges__item" data-testid={`badge-${badge.id}`}>
            <LogoImage src={badge.logo} name={badge.name} />
            <p className="card__text">{t(`supporters.badges.${badge.id}`)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

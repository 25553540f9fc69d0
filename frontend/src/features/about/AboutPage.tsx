import { useTranslation } from '../../i18n/react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { SponsorBanner } from '../../components/SponsorBanner';
import { ContentImage } from '../../components/content/ContentImage';
import { NumberedCards } from '../../components/content/NumberedCards';

/** Route table page "about" (docs/product.md §2). Strings: src/locales/<lng>/about.json. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const goals = t('vision.goals', { returnObjects: true });
  const steps = t('approach.steps', { returnObjects: true });
  const events = t('history.events', { returnObjects: true });

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />

      <Section id="believe" eyebrow={t('believe.eyebrow')} title={t('believe.title')}>
        <div className="split">
          <div className="split__text">
            <p>{t('believe.text')}</p>
            <p>{t('believe.text2')}</p>
            <p className="callout">{t('believe.callout')}</p>
          </div>
          <ContentImage src="/images/about-believe.svg" alt={t('believe.imageAlt')} width={500} height={400} />
        </div>
      </Section>

      <Section id="vision" tone="muted" eyebrow={t('vision.eyebrow')} title={t('vision.title')}>
        <p className="section-intro">{t('vision.intro')}</p>
        <ul className="card-grid card-grid--2" role="list">
          {goals.map((goal) => (
            <li key={goal.title} className="card">
              <h3 className="card__title">{goal.title}</h3>
              <p className="card__text">{goal.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="approach" eyebrow={t('approach.eyebrow')} title={t('approach.title')}>
        <p className="section-intro">{t('approach.intro')}</p>
        <NumberedCards items={steps} testId="approach-steps" />
        <p className="conclusion">{t('approach.conclusion')}</p>
      </Section>

      <Section id="history" tone="muted" eyebrow={t('history.eyebrow')} title={t('history.title')}>
        <ol className="timeline">
          {events.map((event) => (
            <li key={event.year + event.title} className="timeline__item">
              <p className="timeline__year">{event.year}</p>
              <h3 className="timeline__title">{event.title}</h3>
              <p className="timeline__text">{event.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="founder" eyebrow={t('founder.eyebrow')}>
        <figure className="quote-card">
          <blockquote className="quote-card__quote">
            <p>{t('founder.quote')}</p>
          </blockquote>
          <figcaption className="quote-card__attribution">{t('founder.attribution')}</figcaption>
        </figure>
        <p className="quote-card__note">{t('founder.note')}</p>
      </Section>

      <SponsorBanner />
    </>
  );
}

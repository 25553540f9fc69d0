import { useTranslation } from '../../i18n/react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { SponsorBanner } from '../../components/SponsorBanner';
import { LocalizedLink } from '../../components/LocalizedLink';
import { useLanguage } from '../../components/useLanguage';
import { ContentImage } from '../../components/content/ContentImage';
import { ContentIcon } from '../../components/content/ContentIcons';
import { formatEuro, formatNumber } from '../../components/content/format';
import { IMPACT_FIGURES } from './impactFigures';

/** Route table page "home" (docs/product.md §2). Strings: src/locales/<lng>/home.json. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const figures = [
    { id: 'families', value: formatNumber(IMPACT_FIGURES.familiesGuided, language), image: 'impact-families' },
    { id: 'projects', value: formatNumber(IMPACT_FIGURES.activeProjects, language), image: 'impact-projects' },
    { id: 'funds', value: formatEuro(IMPACT_FIGURES.fundsRaisedEuro, language), image: 'impact-funds' },
  ] as const;

  return (
    <>
      <PageHero
        title={t('title')}
        text={t('intro')}
        actions={[
          { page: 'donate', label: t('cta.help') },
          { page: 'about', label: t('cta.mission'), variant: 'secondary' },
        ]}
      >
        <p className="hero-note">
          <ContentIcon name="shield" size={20} />
          {t('anbiNote')}
        </p>
      </PageHero>

      <Section id="mission" eyebrow={t('mission.eyebrow')} title={t('mission.title')}>
        <div className="split">
          <div className="split__text">
            <p>{t('mission.text')}</p>
            <p>{t('mission.text2')}</p>
            <LocalizedLink page="about" className="button button--secondary">
              {t('mission.link')}
            </LocalizedLink>
          </div>
          <ContentImage src="/images/mission.svg" alt={t('mission.imageAlt')} width={500} height={400} />
        </div>
      </Section>

      <Section id="impact" tone="muted" eyebrow={t('impact.eyebrow')} title={t('impact.title')}>
        <p className="section-intro">{t('impact.intro')}</p>
        <ul className="card-grid card-grid--3" role="list">
          {figures.map((figure) => (
            <li key={figure.id} className="card impact-card" data-testid={`impact-${figure.id}`}>
              <ContentImage
                src={`/images/${figure.image}.svg`}
                alt={t(`impact.${figure.id}.imageAlt`)}
                width={368}
                height={207}
                className="impact-card__image"
              />
              <p className="impact-card__figure">
                <span className="impact-card__value">{figure.value}</span>{' '}
                <span className="impact-card__label">{t(`impact.${figure.id}.label`)}</span>
              </p>
              <p className="impact-card__text">{t(`impact.${figure.id}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <SponsorBanner />
    </>
  );
}

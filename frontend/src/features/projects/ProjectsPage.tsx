import { useTranslation } from '../../i18n/react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { SponsorBanner } from '../../components/SponsorBanner';
import { LocalizedLink } from '../../components/LocalizedLink';
import { ContentIcon, type ContentIconName } from '../../components/content/ContentIcons';
import '../../styles/content.css';

/** docs/product.md §1: the 3 active projects the home page counts. Texts: projects.json under items.<id>. */
const PROJECTS: ReadonlyArray<{ id: 'work' | 'housing' | 'family'; icon: ContentIconName }> = [
  { id: 'work', icon: 'briefcase' },
  { id: 'housing', icon: 'home' },
  { id: 'family', icon: 'family' },
];

/** Route table page "projects" (docs/product.md §2; content not in docs/product.md). */
export default function ProjectsPage() {
  const { t } = useTranslation('projects');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />

      <Section id="projects" title={t('listTitle')}>
        <p className="section-intro">{t('listIntro')}</p>
        <div className="project-list">
          {PROJECTS.map(({ id, icon }) => (
            <article
              key={id}
              className="card project-card"
              aria-labelledby={`project-${id}`}
              data-testid={`project-${id}`}
            >
              <ContentIcon name={icon} className="card__icon" size={36} />
              <h3 id={`project-${id}`} className="card__title">
                {t(`items.${id}.title`)}
              </h3>
              <p className="project-card__tagline">{t(`items.${id}.tagline`)}</p>
              <dl className="project-card__facts">
                <dt>{t('labels.goal')}</dt>
                <dd>{t(`items.${id}.goal`)}</dd>
                <dt>{t('labels.who')}</dt>
                <dd>{t(`items.${id}.who`)}</dd>
                <dt>{t('labels.support')}</dt>
                <dd>{t(`items.${id}.support`)}</dd>
              </dl>
              <div className="button-row">
                <LocalizedLink page="donate" className="button button--primary">
                  {t('links.donate')}
                </LocalizedLink>
                <LocalizedLink page="volunteer" className="button button--secondary">
                  {t('links.volunteer')}
                </LocalizedLink>
                <LocalizedLink page="contact" className="button button--secondary">
                  {t('links.contact')}
                </LocalizedLink>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <SponsorBanner />
    </>
  );
}

import { useTranslation } from '../../i18n/react';
import { FOUNDATION } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { LocalizedLink } from '../../components/LocalizedLink';
import { ContentIcon } from '../../components/content/ContentIcons';
import '../../styles/content.css';

/** Route table page "annualReports" (docs/product.md §2; docs/product.md §9: annual accounts year 2025, still pending). */
export default function AnnualReportsPage() {
  const { t } = useTranslation('annualReports');
  const year = FOUNDATION.annualReportYear;
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />

      <Section id="report-status">
        <aside className="notice-box" aria-labelledby="report-status-title">
          <ContentIcon name="info" className="notice-box__icon" />
          <div>
            <h2 id="report-status-title" className="notice-box__title">
              {t('status.title')}
            </h2>
            <p>{t('status.text', { year })}</p>
            <p>
              {t('status.questions')} <LocalizedLink page="contact">{t('status.contactLink')}</LocalizedLink>
            </p>
          </div>
        </aside>
      </Section>

      <Section id="reports" tone="muted" title={t('reports.title')}>
        <ul className="card-grid card-grid--3" role="list">
          <li className="card report-card" data-testid={`report-${year}`}>
            <p className="report-card__year" aria-hidden="true">
              {year}
            </p>
            <h3 className="card__title">{t('reports.cardTitle', { year })}</h3>
            <p className="card__text">{t('reports.cardText')}</p>
            <span className="badge badge--pending">{t('reports.pending')}</span>
          </li>
        </ul>
      </Section>
    </>
  );
}

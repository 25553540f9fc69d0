import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { FOUNDATION } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { SponsorBanner } from '../../components/SponsorBanner';
import { LocalizedLink } from '../../components/LocalizedLink';
import { useLanguage } from '../../components/useLanguage';
import { BOARD_MEMBERS } from '../../components/content/boardMembers';
import { ContentImage } from '../../components/content/ContentImage';
import { ContentIcon, type ContentIconName } from '../../components/content/ContentIcons';
import { NumberedCards } from '../../components/content/NumberedCards';

// docs/product.md §2: up to 5 activity icons, one per activity card.
const ACTIVITY_ICONS: readonly ContentIconName[] = ['briefcase', 'home', 'family', 'book', 'handshake'];

/** One published ANBI item; the test id lets e2e check every item the Belastingdienst requires, per language. */
function InfoItem({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="anbi-info__item" data-testid={`anbi-${id}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Route table page "anbi" (docs/product.md §2). Strings: src/locales/<lng>/anbi.json; identity: FOUNDATION (contracts). */
export default function AnbiPage() {
  const { t } = useTranslation('anbi');
  const language = useLanguage();
  const year = FOUNDATION.policyPlanYear;
  const email = language === 'nl' ? FOUNDATION.emails.nl : FOUNDATION.emails.other;
  const { street, postalCode, city, country } = FOUNDATION.address;
  const policyPlanLink = (
    <a href={FOUNDATION.documents.policyPlan[language]} className="icon-link">
      <ContentIcon name="book" size={20} />
      {t('policy.link', { year })}
    </a>
  );

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />

      <Section id="policy-plan" eyebrow={t('policy.eyebrow', { year })} title={t('policy.title')}>
        <div className="split">
          <div className="split__text">
            <p>{t('policy.text')}</p>
            <ul className="check-list">
              {t('policy.bullets', { returnObjects: true }).map((bullet) => (
                <li key={bullet}>
                  <ContentIcon name="check" size={20} />
                  {bullet}
                </li>
              ))}
            </ul>
            <p>{policyPlanLink}</p>
          </div>
          <ContentImage src="/images/policy-plan.svg" alt={t('policy.imageAlt')} width={500} height={400} />
        </div>
      </Section>

      <Section id="compensation">
        <aside className="notice-box" aria-labelledby="compensation-title">
          <ContentIcon name="shield" className="notice-box__icon" />
          <div>
            <h2 id="compensation-title" className="notice-box__title">
              {t('compensation.title')}
            </h2>
            <p>{t('compensation.text')}</p>
          </div>
        </aside>
      </Section>

      <Section id="activities" tone="muted" eyebrow={t('activities.eyebrow')} title={t('activities.title')}>
        <p className="section-intro">{t('activities.subtitle')}</p>
        <NumberedCards
          items={t('activities.items', { returnObjects: true })}
          icons={ACTIVITY_ICONS}
          testId="anbi-activity-cards"
        />
      </Section>

      <Section id="anbi-information" eyebrow={t('info.eyebrow')} title={t('info.title')}>
        <p className="section-intro">{t('info.intro')}</p>
        <dl className="anbi-info">
          <InfoItem id="name" label={t('info.name')}>
            {FOUNDATION.name}
            <br />
            {t('info.shortName', { name: FOUNDATION.shortName })}
          </InfoItem>
          <InfoItem id="rsin" label={t('info.rsin')}>
            {FOUNDATION.rsin}
          </InfoItem>
          <InfoItem id="kvk" label={t('info.kvk')}>
            {FOUNDATION.kvk}
          </InfoItem>
          <InfoItem id="contact" label={t('info.contact')}>
            <address>
              {street}
              <br />
              {postalCode} {city}
              <br />
              {country}
              <br />
              <a href={`mailto:${email}`}>{email}</a>
            </address>
          </InfoItem>
          <InfoItem id="objective" label={t('info.objective')}>
            {t('info.objectiveText')}
          </InfoItem>
          <InfoItem id="policy" label={t('info.policy')}>
            {t('info.policyText')} {policyPlanLink}
          </InfoItem>
          <InfoItem id="board" label={t('info.board')}>
            <ul className="plain-list">
              {BOARD_MEMBERS.map((member) => (
                <li key={member.id}>
                  {member.name}: {t(`info.boardRoles.${member.id}`)}
                </li>
              ))}
            </ul>
          </InfoItem>
          <InfoItem id="remuneration" label={t('info.remuneration')}>
            {t('info.remunerationText')}
          </InfoItem>
          <InfoItem id="activities-report" label={t('info.activitiesReport')}>
            {t('info.activitiesReportText')}
          </InfoItem>
          <InfoItem id="financial" label={t('info.financial')}>
            {t('info.financialText', { year: FOUNDATION.annualReportYear })}{' '}
            <LocalizedLink page="annualReports">{t('info.financialLink')}</LocalizedLink>
          </InfoItem>
        </dl>
      </Section>

      <SponsorBanner />
    </>
  );
}

import { useTranslation } from '../../i18n/react';
import type { PageId } from '@stichting/contracts';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { LocalizedLink } from '../../components/LocalizedLink';
import { useLanguage } from '../../components/useLanguage';
import { ContentIcon, type ContentIconName } from '../../components/content/ContentIcons';
import { formatEuro } from '../../components/content/format';
import { SupportersCarousel } from './SupportersCarousel';
import { Testimonials } from './Testimonials';
import '../../styles/content.css';

const WAYS: ReadonlyArray<{ id: 'donate' | 'volunteer' | 'corporate'; page: PageId; icon: ContentIconName }> = [
  { id: 'donate', page: 'donate', icon: 'heart' },
  { id: 'volunteer', page: 'volunteer', icon: 'handshake' },
  { id: 'corporate', page: 'contact', icon: 'briefcase' },
];

// docs/product.md §2: €25 per month skills training, €50 housing, €100 family crisis support.
const IMPACT_EXAMPLES = [
  { id: 'training', amount: 25 },
  { id: 'housing', amount: 50 },
  { id: 'crisis', amount: 100 },
] as const;

/** Route table page "support" (docs/product.md §2). Strings: src/locales/<lng>/support.json. */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const language = useLanguage();
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} actions={[{ page: 'donate', label: t('heroButton') }]} />

      <Section id="ways-to-help" eyebrow={t('ways.eyebrow')} title={t('ways.title')}>
        <ul className="card-grid card-grid--3" role="list">
          {WAYS.map((way) => (
            <li key={way.id} className="card way-card" data-testid={`way-${way.id}`}>
              <ContentIcon name={way.icon} className="card__icon" size={36} />
              <h3 className="card__title">{t(`ways.${way.id}.title`)}</h3>
              <p className="card__text">{t(`ways.${way.id}.text`)}</p>
              <ul className="check-list">
                {t(`ways.${way.id}.features`, { returnObjects: true }).map((feature) => (
                  <li key={feature}>
                    <ContentIcon name="check" size={20} />
                    {feature}
                  </li>
                ))}
              </ul>
              <LocalizedLink
                page={way.page}
                search={
                  way.id === 'corporate' ? `?subject=${encodeURIComponent(t('ways.corporate.subject'))}` : undefined
                }
                className="button button--primary way-card__button"
              >
                {t(`ways.${way.id}.button`)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="supporters" tone="muted" eyebrow={t('supporters.eyebrow')} title={t('supporters.title')}>
        <p className="section-intro">{t('supporters.intro')}</p>
        <SupportersCarousel />
      </Section>

      <Section id="impact-examples" eyebrow={t('impact.eyebrow')} title={t('impact.title')}>
        <p className="section-intro">{t('impact.intro')}</p>
        <ul className="card-grid card-grid--3" role="list">
          {IMPACT_EXAMPLES.map((example) => (
            <li key={example.id} className="card example-card" data-testid={`example-${example.id}`}>
              <p className="example-card__amount">
                {formatEuro(example.amount, language)} <span>{t('impact.perMonth')}</span>
              </p>
              <p className="card__text">{t(`impact.${example.id}`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="testimonials" tone="muted" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')}>
        <Testimonials />
      </Section>
    </>
  );
}

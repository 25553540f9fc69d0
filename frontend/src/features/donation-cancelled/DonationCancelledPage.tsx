import { useTranslation } from '../../i18n/react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { LocalizedLink } from '../../components/LocalizedLink';
import '../../styles/content.css';

/** Route table page "donationCancelled" (docs/product.md §2): no charge made; try again, home, or ask for help. */
export default function DonationCancelledPage() {
  const { t } = useTranslation('donationCancelled');
  return (
    <>
      <PageHero
        title={t('title')}
        text={t('intro')}
        actions={[
          { page: 'donate', label: t('tryAgain') },
          { page: 'home', label: t('backHome'), variant: 'secondary' },
        ]}
      />
      <Section id="need-help" tone="muted" title={t('help.title')}>
        <p>{t('help.text')}</p>
        <LocalizedLink page="contact" className="button button--secondary">
          {t('help.link')}
        </LocalizedLink>
      </Section>
    </>
  );
}

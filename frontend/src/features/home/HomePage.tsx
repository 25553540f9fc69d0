import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "home" (spec §2). Strings: src/locales/<lng>/home.json. Content comes in a later issue. */
export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageHero
        title={t('title')}
        text={t('intro')}
        actions={[
          { page: 'donate', label: t('cta.help') },
          { page: 'about', label: t('cta.mission'), variant: 'secondary' },
        ]}
      />
      <SponsorBanner />
    </>
  );
}

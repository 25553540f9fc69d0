import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "about" (spec §2). Strings: src/locales/<lng>/about.json. Content comes in a later issue. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <SponsorBanner />
    </>
  );
}

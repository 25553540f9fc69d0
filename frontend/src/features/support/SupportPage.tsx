import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "support" (spec §2). Strings: src/locales/<lng>/support.json. Content comes in a later issue. */
export default function SupportPage() {
  const { t } = useTranslation('support');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <SponsorBanner />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "anbi" (spec §2). Strings: src/locales/<lng>/anbi.json. Content comes in a later issue. */
export default function AnbiPage() {
  const { t } = useTranslation('anbi');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <SponsorBanner />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "team" (spec §2). Strings: src/locales/<lng>/team.json. Content comes in a later issue. */
export default function TeamPage() {
  const { t } = useTranslation('team');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <SponsorBanner />
    </>
  );
}

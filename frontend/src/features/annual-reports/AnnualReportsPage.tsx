import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "annualReports" (spec §2). Strings: src/locales/<lng>/annualReports.json. Content comes in a later issue. */
export default function AnnualReportsPage() {
  const { t } = useTranslation('annualReports');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <SponsorBanner />
    </>
  );
}

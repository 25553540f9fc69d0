import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "donationCancelled" (spec §2). Strings: src/locales/<lng>/donationCancelled.json. Content comes in a later issue. */
export default function DonationCancelledPage() {
  const { t } = useTranslation('donationCancelled');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
    </>
  );
}

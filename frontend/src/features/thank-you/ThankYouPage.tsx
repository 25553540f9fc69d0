import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "thankYou" (spec §2). Strings: src/locales/<lng>/thankYou.json. Content comes in a later issue. */
export default function ThankYouPage() {
  const { t } = useTranslation('thankYou');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "donate" (spec §2). Strings: src/locales/<lng>/donate.json. Content comes in a later issue. */
export default function DonatePage() {
  const { t } = useTranslation('donate');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
    </>
  );
}

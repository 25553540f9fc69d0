import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "volunteer" (spec §2). Strings: src/locales/<lng>/volunteer.json. Content comes in a later issue. */
export default function VolunteerPage() {
  const { t } = useTranslation('volunteer');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "contact" (spec §2). Strings: src/locales/<lng>/contact.json. Content comes in a later issue. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
    </>
  );
}

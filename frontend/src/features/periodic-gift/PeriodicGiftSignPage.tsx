import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "periodicGiftSign" (docs/product.md §4.9): an email's link opens it to verify, sign or start. */
export default function PeriodicGiftSignPage() {
  const { t } = useTranslation('periodicGiftSign');
  return <PageHero title={t('title')} text={t('intro')} />;
}

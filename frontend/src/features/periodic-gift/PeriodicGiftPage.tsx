import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "periodicGift" (docs/product.md §4.9): what a periodieke gift is, and its form. */
export default function PeriodicGiftPage() {
  const { t } = useTranslation('periodicGift');
  return <PageHero title={t('title')} text={t('intro')} />;
}

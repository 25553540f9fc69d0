import { useTranslation } from '../../i18n/react';
import { LocalizedLink } from '../../components/LocalizedLink';
import { PageHero } from '../../components/PageHero';
import { MonthlyDonation } from './components/MonthlyDonation';
import { SupportOptions } from './components/SupportOptions';
import { useStripeJs } from './hooks/useStripeJs';
import '../../styles/donate.css';

/** Route table page "donate" (docs/product.md §2): hero, monthly donation (docs/product.md §4), other ways to support. */
export default function DonatePage() {
  const { t } = useTranslation('donate');
  useStripeJs();
  return (
    <>
      <PageHero title={t('title')} text={t('intro')}>
        <p className="donate-hero__note">{t('anbiNote')}</p>
        <p className="donate-hero__note">
          <LocalizedLink page="manageDonation">{t('manageLink')}</LocalizedLink>
        </p>
      </PageHero>
      <MonthlyDonation />
      <SupportOptions />
    </>
  );
}

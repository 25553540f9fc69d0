import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section';
import { DonationDetailsForm } from './DonationDetailsForm';
import { DonationOptions } from './DonationOptions';

/**
 * docs/product.md §4 monthly donation section: the option list, then the details form for the chosen amount. Each view keeps
 * its own state, so Back (which unmounts the form) clears the custom amount, every field and the referral choice.
 */
export function MonthlyDonation() {
  const { t } = useTranslation('donate');
  const [amount, setAmount] = useState<number | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);

  const back = () => {
    setAmount(null);
    // Focus would otherwise be lost with the Back button: return it to the top of the option list.
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLElement>('.donation-tier')?.focus());
  };

  return (
    <Section id="monthly-donation" eyebrow={t('monthly.eyebrow')} title={t('monthly.title')} tone="muted">
      <div ref={sectionRef} className="monthly-donation">
        <p className="monthly-donation__intro">{t('monthly.intro')}</p>
        {amount === null ? (
          <DonationOptions onChoose={setAmount} />
        ) : (
          <DonationDetailsForm amount={amount} onBack={back} />
        )}
      </div>
    </Section>
  );
}

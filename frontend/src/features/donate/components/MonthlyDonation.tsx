import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { DonationFrequency } from '@stichting/contracts';
import { Section } from '../../../components/Section';
import { ChoiceGroup } from '../../../components/forms';
import { DonationDetailsForm } from './DonationDetailsForm';
import { DonationOptions } from './DonationOptions';

/**
 * docs/product.md §4 donation section: monthly (the default) or once, the option list, then the details form for the
 * chosen amount. Each view keeps its own state, so Back (which unmounts the form) clears the custom amount, every field
 * and the referral choice; the frequency stays as chosen.
 */
export function MonthlyDonation() {
  const { t } = useTranslation('donate');
  const [frequency, setFrequency] = useState<DonationFrequency>('monthly');
  const [amount, setAmount] = useState<number | null>(null);
  const isOnce = frequency === 'once';
  const sectionRef = useRef<HTMLDivElement>(null);

  const back = () => {
    setAmount(null);
    // Focus would otherwise be lost with the Back button: return it to the top of the option list.
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLElement>('.donation-tier')?.focus());
  };

  return (
    <Section
      id="monthly-donation"
      eyebrow={t(isOnce ? 'once.eyebrow' : 'monthly.eyebrow')}
      title={t(isOnce ? 'once.title' : 'monthly.title')}
      tone="muted"
    >
      <div ref={sectionRef} className="monthly-donation">
        <p className="monthly-donation__intro">{t(isOnce ? 'once.intro' : 'monthly.intro')}</p>
        {amount === null ? (
          <>
            {/* docs/product.md §4.1: a radio group, so it is one tab stop and the arrow keys choose. */}
            <ChoiceGroup<DonationFrequency>
              type="radio"
              name="donation-frequency"
              className="donation-frequency"
              legend={t('frequency.legend')}
              choices={[
                { value: 'monthly', label: t('frequency.monthly') },
                { value: 'once', label: t('frequency.once') },
              ]}
              value={frequency}
              onValueChange={setFrequency}
            />
            <DonationOptions key={frequency} frequency={frequency} onChoose={setAmount} />
          </>
        ) : (
          <DonationDetailsForm amount={amount} frequency={frequency} onBack={back} />
        )}
      </div>
    </Section>
  );
}

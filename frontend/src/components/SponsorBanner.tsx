import { useTranslation } from '../i18n/react';
import { LocalizedLink } from './LocalizedLink';
import { Section } from './Section';

/** docs/product.md §2: the sponsor banner at the bottom of several pages, linking to the donate page. */
export function SponsorBanner() {
  const { t } = useTranslation();
  return (
    <Section title={t('sponsor.title')} tone="accent">
      <p className="sponsor-banner__text">{t('sponsor.text')}</p>
      <LocalizedLink page="donate" className="button button--light">
        {t('sponsor.button')}
      </LocalizedLink>
    </Section>
  );
}

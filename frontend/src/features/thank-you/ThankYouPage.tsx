import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { LocalizedLink } from '../../components/LocalizedLink';
import { FacebookIcon, LinkedInIcon, XIcon } from '../../components/icons';
import { useLanguage } from '../../components/useLanguage';
import { ContentIcon } from '../../components/content/ContentIcons';
import { formatEuro } from '../../components/content/format';
import { useHydrated } from '../../components/content/hooks';
import { parseDonationAmount } from './donationAmount';
import { ThankYouIllustration } from './ThankYouIllustration';

/**
 * Route table page "thankYou" (docs/product.md §2). The page is prerendered without a query string, so the amount, the site
 * origin and navigator.share are read only after hydration: the first client render matches the HTML.
 */
export default function ThankYouPage() {
  const { t } = useTranslation('thankYou');
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const isHydrated = useHydrated();

  const amount = isHydrated ? parseDonationAmount(searchParams.get('amount')) : null;
  const amountText = amount === null ? null : formatEuro(amount, language);
  const origin = isHydrated ? window.location.origin : '';
  const canShareNatively = isHydrated && typeof navigator.share === 'function';

  const mission = t('share.mission');
  const shareText = amountText
    ? t('share.textWithAmount', { amount: amountText, mission })
    : t('share.textWithoutAmount', { mission });
  const url = encodeURIComponent(origin);
  const text = encodeURIComponent(shareText);
  const shareLinks = [
    { id: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${text}`, Icon: FacebookIcon },
    { id: 'x', href: `https://twitter.com/intent/tweet?text=${text}&url=${url}`, Icon: XIcon },
    { id: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`, Icon: LinkedInIcon },
  ] as const;

  const shareNatively = () => {
    // Dismissing the share sheet rejects the promise: nothing to report.
    navigator.share({ title: t('title'), text: shareText, url: origin }).catch(() => undefined);
  };

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />

      <Section id="thank-you">
        <div className="split">
          <div className="split__text">
            <p className="lead" data-testid="thank-you-message">
              {amountText ? t('amountMessage', { amount: amountText }) : t('message')}
            </p>
            <LocalizedLink page="home" className="button button--secondary" data-testid="back-home">
              {t('backHome')}
            </LocalizedLink>
          </div>
          <ThankYouIllustration label={t('imageAlt')} text={t('imageText')} />
        </div>
      </Section>

      <Section id="share" tone="muted" title={t('share.title')}>
        <p>{t('share.text')}</p>
        <p className="share-preview" data-testid="share-text">
          {shareText}
        </p>
        <div className="button-row">
          {shareLinks.map(({ id, href, Icon }) => (
            <a
              key={id}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--secondary"
              data-testid={`share-${id}`}
            >
              <Icon />
              {t(`share.${id}`)}
              <span className="visually-hidden"> {t('share.newTab')}</span>
            </a>
          ))}
          {canShareNatively && (
            <button type="button" className="button button--primary" onClick={shareNatively} data-testid="share-native">
              <ContentIcon name="share" size={20} />
              {t('share.native')}
            </button>
          )}
        </div>
      </Section>
    </>
  );
}

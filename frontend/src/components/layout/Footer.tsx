import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { FOUNDATION } from '@stichting/contracts';
import { FacebookIcon, InstagramIcon, LinkedInIcon, LogoMark, XIcon } from '../icons';
import { LocalizedLink } from '../LocalizedLink';
import { useLanguage } from '../useLanguage';

type FooterSectionId = 'about' | 'support' | 'company';

const SOCIAL_LINKS = [
  { id: 'linkedin', href: FOUNDATION.social.linkedin, Icon: LinkedInIcon },
  { id: 'x', href: FOUNDATION.social.x, Icon: XIcon },
  { id: 'facebook', href: FOUNDATION.social.facebook, Icon: FacebookIcon },
  { id: 'instagram', href: FOUNDATION.social.instagram, Icon: InstagramIcon },
] as const;

interface FooterSectionProps {
  title: string;
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * One footer column. Below md it is an accordion item (a button with aria-expanded); from md up the heading is
 * plain text and the panel always shows (CSS switches which of the two heading forms is displayed).
 */
function FooterSection({ title, isOpen, onToggle, children }: FooterSectionProps) {
  const panelId = useId();
  return (
    <div className={`footer-section${isOpen ? ' is-open' : ''}`}>
      <h2 className="footer-section__heading">
        <button
          type="button"
          className="footer-section__toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {title}
        </button>
        <span className="footer-section__label">{title}</span>
      </h2>
      <div id={panelId} className="footer-section__panel">
        {children}
      </div>
    </div>
  );
}

/** docs/product.md §2 footer. Mobile accordion: one section open at a time, the open one closes on click, Company first. */
export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [openSection, setOpenSection] = useState<FooterSectionId | null>('company');
  const toggle = (section: FooterSectionId) => () =>
    setOpenSection((current) => (current === section ? null : section));
  const name = FOUNDATION.name;
  const newTab = t('footer.newTab');

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <LocalizedLink page="home" className="brand brand--footer">
            <LogoMark size={40} />
            <span className="brand__name">{FOUNDATION.shortName}</span>
          </LocalizedLink>
          <p className="site-footer__description">{t('footer.description')}</p>
          <ul className="social-links" aria-label={t('footer.socialLabel')}>
            {SOCIAL_LINKS.map(({ id, href, Icon }) => (
              <li key={id}>
                <a className="social-links__link" href={href} target="_blank" rel="noopener noreferrer">
                  <Icon />
                  <span className="visually-hidden">{`${t(`footer.${id}`, { name })} ${newTab}`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterSection title={t('footer.aboutTitle')} isOpen={openSection === 'about'} onToggle={toggle('about')}>
          <ul className="footer-links">
            <li>
              <LocalizedLink page="about">{t('nav.aboutFoundation')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="team">{t('nav.team')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="anbi">{t('nav.anbi')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="annualReports">{t('nav.annualReports')}</LocalizedLink>
            </li>
          </ul>
        </FooterSection>
        <FooterSection title={t('footer.supportTitle')} isOpen={openSection === 'support'} onToggle={toggle('support')}>
          <ul className="footer-links">
            <li>
              <LocalizedLink page="donate">{t('nav.donate')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="support">{t('nav.support')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="volunteer">{t('nav.volunteer')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="contact">{t('nav.contact')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="contact">{t('footer.corporate')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink page="manageDonation">{t('footer.manageDonation')}</LocalizedLink>
            </li>
          </ul>
        </FooterSection>
        <FooterSection title={t('footer.companyTitle')} isOpen={openSection === 'company'} onToggle={toggle('company')}>
          <dl className="company-facts">
            <div>
              <dt>{t('footer.kvk')}</dt>
              <dd>{FOUNDATION.kvk}</dd>
            </div>
            <div>
              <dt>{t('footer.rsin')}</dt>
              <dd>{FOUNDATION.rsin}</dd>
            </div>
            <div>
              <dt>{t('footer.bank')}</dt>
              <dd>{FOUNDATION.iban}</dd>
            </div>
            <div>
              <dt>{t('footer.bic')}</dt>
              <dd>{FOUNDATION.bic}</dd>
            </div>
          </dl>
        </FooterSection>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          {/* The year is the visitor's, not the build's: hydration writes it over the prerendered one, so a page built
              in December says the new year in January. */}
          <p>{t('footer.copyright', { year: new Date().getFullYear(), name })}</p>
          <ul className="footer-legal" aria-label={t('footer.legalLabel')}>
            <li>
              <a href={FOUNDATION.documents.privacy[language]} target="_blank" rel="noopener noreferrer">
                {t('footer.privacy')}
                <span className="visually-hidden">{` ${newTab}`}</span>
              </a>
            </li>
            <li>
              <a href={FOUNDATION.documents.terms[language]} target="_blank" rel="noopener noreferrer">
                {t('footer.terms')}
                <span className="visually-hidden">{` ${newTab}`}</span>
              </a>
            </li>
            <li>
              {/* Served by the backend, not a route of the app: a plain link. */}
              <a href="/sitemap.xml">{t('footer.sitemap')}</a>
            </li>
            <li>
              <a href={FOUNDATION.builderCredit.url} target="_blank" rel="noopener noreferrer">
                {t('footer.builtBy', { name: FOUNDATION.builderCredit.name })}
                <span className="visually-hidden">{` ${newTab}`}</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

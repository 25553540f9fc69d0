import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { ChevronDownIcon, CloseIcon } from '../icons';
import { LocalizedNavLink } from '../LocalizedLink';
import { ABOUT_PAGES } from './AboutDropdown';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NAV_PAGES, NAV_LABEL_KEYS } from './nav-items';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface MobileMenuProps {
  id: string;
  /** `returnFocus` is false when a link was chosen: focus then goes to the new page's heading. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * docs/product.md §2 mobile menu: a 338 px side panel (modal dialog) with a close button, the pages, a collapsible About
 * submenu and a minimal language picker. Focus stays inside while it is open; Escape closes it.
 */
export function MobileMenu({ id, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [isAboutOpen, setIsAboutOpen] = useState(false);
  const aboutId = useId();
  const titleId = useId();

  useEffect(() => {
    closeRef.current?.focus();
    document.body.classList.add('has-open-menu');
    return () => document.body.classList.remove('has-open-menu');
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  const closeOnLinkChoice = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) onClose(false);
  };

  return (
    <div className="mobile-menu">
      <div className="mobile-menu__backdrop" aria-hidden="true" onClick={() => onClose(true)} />
      <div
        id={id}
        ref={panelRef}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        onClick={closeOnLinkChoice}
      >
        <div className="mobile-menu__top">
          <h2 id={titleId} className="mobile-menu__title">
            {t('nav.menuTitle')}
          </h2>
          <button ref={closeRef} type="button" className="icon-button" onClick={() => onClose(true)}>
            <CloseIcon />
            <span className="visually-hidden">{t('nav.closeMenu')}</span>
          </button>
        </div>
        <nav aria-label={t('nav.label')}>
          <ul className="mobile-menu__list">
            <li>
              <LocalizedNavLink page="home" className="mobile-menu__link">
                {t('nav.home')}
              </LocalizedNavLink>
            </li>
            <li>
              <button
                type="button"
                className="mobile-menu__link mobile-menu__toggle"
                aria-expanded={isAboutOpen}
                aria-controls={aboutId}
                onClick={() => setIsAboutOpen((open) => !open)}
              >
                {t('nav.about')}
                <ChevronDownIcon className="dropdown__chevron" />
              </button>
              <ul id={aboutId} className="mobile-menu__sublist" hidden={!isAboutOpen}>
                {ABOUT_PAGES.map((page) => (
                  <li key={page}>
                    <LocalizedNavLink page={page} className="mobile-menu__link mobile-menu__link--sub">
                      {t(page === 'about' ? 'nav.aboutFoundation' : NAV_LABEL_KEYS[page])}
                    </LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </li>
            {NAV_PAGES.map((page) => (
              <li key={page}>
                <LocalizedNavLink page={page} className="mobile-menu__link">
                  {t(NAV_LABEL_KEYS[page])}
                </LocalizedNavLink>
              </li>
            ))}
            <li>
              <LocalizedNavLink page="donate" className="button button--primary mobile-menu__donate">
                {t('nav.donate')}
              </LocalizedNavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher className="language-switcher--menu" />
      </div>
    </div>
  );
}

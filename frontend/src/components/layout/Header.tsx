import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation } from 'react-router';
import { FOUNDATION } from '@stichting/contracts';
import { LogoMark, MenuIcon } from '../icons';
import { LocalizedLink, LocalizedNavLink } from '../LocalizedLink';
import { AboutDropdown } from './AboutDropdown';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MobileMenu } from './MobileMenu';
import { NAV_LABEL_KEYS, NAV_PAGES } from './nav-items';

/** Below this width the hamburger replaces the desktop navigation (the lg breakpoint). */
const DESKTOP_QUERY = '(min-width: 1024px)';

/** docs/product.md §2 header: logo, desktop nav with the About dropdown, Donate, language switcher; hamburger below lg. */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation (a link, back/forward) closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === pathname;
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpenedOn(null);
    if (returnFocus) hamburgerRef.current?.focus();
  }, []);

  // Growing the window to desktop width closes it too (the hamburger disappears there).
  useEffect(() => {
    if (!isMenuOpen) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && setMenuOpenedOn(null);
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [isMenuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <LocalizedLink page="home" className="brand">
          <LogoMark size={40} />
          <span className="brand__name">{FOUNDATION.shortName}</span>
        </LocalizedLink>
        <nav className="main-nav" aria-label={t('nav.label')}>
          <ul className="main-nav__list">
            <li>
              <LocalizedNavLink page="home" className="main-nav__link">
                {t('nav.home')}
              </LocalizedNavLink>
            </li>
            <li>
              <AboutDropdown />
            </li>
            {NAV_PAGES.map((page) => (
              <li key={page}>
                <LocalizedNavLink page={page} className="main-nav__link">
                  {t(NAV_LABEL_KEYS[page])}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LocalizedNavLink page="donate" className="button button--primary site-header__donate">
          {t('nav.donate')}
        </LocalizedNavLink>
        <LanguageSwitcher className="site-header__languages" />
        <button
          ref={hamburgerRef}
          type="button"
          className="icon-button site-header__hamburger"
          aria-expanded={isMenuOpen}
          aria-controls={isMenuOpen ? menuId : undefined}
          onClick={() => setMenuOpenedOn(pathname)}
        >
          <MenuIcon />
          <span className="visually-hidden">{t('nav.openMenu')}</span>
        </button>
      </div>
      {isMenuOpen && <MobileMenu id={menuId} onClose={closeMenu} />}
    </header>
  );
}

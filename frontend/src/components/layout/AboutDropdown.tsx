import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { useRouteHandle } from '../route-handle';
import { ChevronDownIcon } from '../icons';
import { LocalizedNavLink } from '../LocalizedLink';

export const ABOUT_PAGES = ['about', 'team', 'anbi', 'annualReports'] as const;
const LABEL_KEYS = {
  about: 'nav.aboutFoundation',
  team: 'nav.team',
  anbi: 'nav.anbi',
  annualReports: 'nav.annualReports',
} as const;

/**
 * The desktop "About" menu, WAI-ARIA disclosure pattern: a real button (Enter/Space toggle natively) with
 * aria-expanded; Escape closes and returns focus to the button; a click outside, focus leaving, or choosing
 * a link closes it.
 */
export function AboutDropdown() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const page = useRouteHandle()?.page;
  const isCurrentSection = ABOUT_PAGES.some((aboutPage) => aboutPage === page);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget && !containerRef.current?.contains(event.relatedTarget)) setIsOpen(false);
  };

  return (
    <div className="dropdown" ref={containerRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`main-nav__link dropdown__button${isCurrentSection ? ' is-active' : ''}`}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('nav.about')}
        <ChevronDownIcon className="dropdown__chevron" />
      </button>
      <ul id={menuId} className="dropdown__menu" hidden={!isOpen}>
        {ABOUT_PAGES.map((aboutPage) => (
          <li key={aboutPage}>
            <LocalizedNavLink page={aboutPage} className="dropdown__link" onClick={() => setIsOpen(false)}>
              {t(LABEL_KEYS[aboutPage])}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'react-router';
import { errorPagePath, LANGUAGES, translatePath, type Language } from '@stichting/contracts';
import { useRouteHandle } from '../route-handle';
import { rememberLanguageChoice } from './language-choice';
import { useLanguage } from '../useLanguage';

const SHORT_KEYS = { nl: 'language.shortNl', en: 'language.shortEn', es: 'language.shortEs' } as const;

/**
 * docs/product.md §2: NL / EN / ES rewrite the current path to the same page in the chosen language and push it to history
 * (a router link: no reload). On an error page the same error page in the other language.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = useLanguage();
  const errorStatus = useRouteHandle()?.errorStatus;

  const targetFor = (language: Language) =>
    errorStatus
      ? { pathname: errorPagePath(errorStatus, language) }
      : { pathname: translatePath(pathname, language), search };

  return (
    <nav className={`language-switcher ${className}`} aria-label={t('language.label')}>
      <ul className="language-switcher__list">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <Link
              to={targetFor(language)}
              hrefLang={language}
              lang={language}
              className="language-switcher__link"
              aria-current={language === current ? 'true' : undefined}
              onClick={() => rememberLanguageChoice(language)}
            >
              <span aria-hidden="true">{t(SHORT_KEYS[language])}</span>
              <span className="visually-hidden">{t(`language.${language}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

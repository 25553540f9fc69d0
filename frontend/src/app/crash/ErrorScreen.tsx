import { useTranslation } from '../../i18n/react';
import { ROUTES } from '@stichting/contracts';
import { useLanguage } from '../../components/useLanguage';

interface ErrorScreenProps {
  error: unknown;
  /** The generic (router) error screen also shows technical details (docs/product.md §2 crash screen). */
  showDetails?: boolean;
}

/** The crash screen: keys error.title, error.message, error.reload, error.home (docs/product.md §2). */
export function ErrorScreen({ error, showDetails = false }: ErrorScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const details = error instanceof Error ? `${error.message}\n\n${error.stack ?? ''}` : String(error);
  return (
    <section className="error-page" role="alert">
      <div className="container error-page__inner">
        <h1 className="error-page__title">{t('error.title')}</h1>
        <p className="error-page__text">{t('error.message')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          {/* A full page load: after a crash the app's state cannot be trusted. */}
          <a className="button button--secondary" href={ROUTES.home[language]}>
            {t('error.home')}
          </a>
        </div>
        {showDetails && (
          <details className="error-page__details">
            <summary>{t('error.details')}</summary>
            <p>{t('error.unexpected')}</p>
            <pre>{details}</pre>
          </details>
        )}
      </div>
    </section>
  );
}

import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { ROUTES } from '@stichting/contracts';
import type { ErrorStatus } from '../../components/route-handle';
import { LocalizedLink } from '../../components/LocalizedLink';
import { useLanguage } from '../../components/useLanguage';

function goBack() {
  window.history.back();
}

/** docs/product.md §2: 403 Access Denied; the section is protected. Go back, Go home. */
function ForbiddenPage() {
  const { t } = useTranslation('errorPages');
  return (
    <ErrorLayout status={403} title={t('e403.title')} text={t('e403.text')}>
      <button type="button" className="button button--primary" onClick={goBack}>
        {t('e403.back')}
      </button>
      <LocalizedLink page="home" className="button button--secondary">
        {t('e403.home')}
      </LocalizedLink>
    </ErrorLayout>
  );
}

/** docs/product.md §2: 404 Page not found. Go back, Go to homepage. */
function NotFoundPage() {
  const { t } = useTranslation('errorPages');
  return (
    <ErrorLayout status={404} title={t('e404.title')} text={t('e404.text')}>
      <button type="button" className="button button--primary" onClick={goBack}>
        {t('e404.back')}
      </button>
      <LocalizedLink page="home" className="button button--secondary">
        {t('e404.home')}
      </LocalizedLink>
    </ErrorLayout>
  );
}

/** docs/product.md §2: 500 Server Error. Try again (reload), Go home. */
function ServerErrorPage() {
  const { t } = useTranslation('errorPages');
  const language = useLanguage();
  return (
    <ErrorLayout status={500} title={t('e500.title')} text={t('e500.text')}>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('e500.retry')}
      </button>
      {/* A full load of the home page: after a server error the visitor wants a fresh start. */}
      <a className="button button--secondary" href={ROUTES.home[language]}>
        {t('e500.home')}
      </a>
    </ErrorLayout>
  );
}

function ErrorLayout({
  status,
  title,
  text,
  children,
}: {
  status: ErrorStatus;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="error-page">
      <div className="container error-page__inner">
        <p className="error-page__code" aria-hidden="true">
          {status}
        </p>
        <h1 className="error-page__title">{title}</h1>
        <p className="error-page__text">{text}</p>
        <div className="button-row">{children}</div>
      </div>
    </section>
  );
}

export const ERROR_PAGES: Record<ErrorStatus, ComponentType> = {
  403: ForbiddenPage,
  404: NotFoundPage,
  500: ServerErrorPage,
};

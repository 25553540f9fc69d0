import { I18nextProvider } from 'react-i18next';
import { Outlet } from 'react-router';
import { getI18n } from '../i18n/i18n';
import { useLanguage } from '../components/useLanguage';

/** spec §2: the language comes from the first path segment, so back/forward switch it too. */
export function LanguageRoot() {
  const language = useLanguage();
  return (
    <I18nextProvider i18n={getI18n(language)}>
      <Outlet />
    </I18nextProvider>
  );
}

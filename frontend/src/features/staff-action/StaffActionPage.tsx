import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import { STAFF_ACTION_TOKEN_FRAGMENT } from '@stichting/contracts';
import { useHydrated } from '../../components/content/hooks';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { SPREADSHEET_FRAGMENT, SpreadsheetDownload } from './SpreadsheetDownload';
import { StatusLinkPanel } from './StatusLinkPanel';

/**
 * The token of the link that opened the page, from the fragment (then removed from the address bar, so it is kept
 * here). Each kind of staff link has its own key (`#token=` for a status link); another kind adds its key and panel.
 * A second link opened in the same tab changes only the fragment: `hashchange` brings its token.
 */
let lastToken: string | null = null;
function statusToken(): string | null {
  lastToken = new URLSearchParams(window.location.hash.slice(1)).get(STAFF_ACTION_TOKEN_FRAGMENT) ?? lastToken;
  return lastToken;
}
/** A "download as a spreadsheet" link's token (`#download=`, docs/product.md §4.10.2), kept as the status token is. */
let lastDownloadToken: string | null = null;
function downloadToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.has(STAFF_ACTION_TOKEN_FRAGMENT)) lastDownloadToken = null;
  lastDownloadToken = fragment.get(SPREADSHEET_FRAGMENT) ?? lastDownloadToken;
  return lastDownloadToken;
}
function onHashChange(notify: () => void): () => void {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
}

/**
 * Route table page "staffAction" (docs/product.md §4.10): where the links in staff emails land. Opening it changes
 * nothing, whoever opens it (a mail scanner opens every link): the page reads what the link would do with a POST and
 * shows it with a button; only that button changes anything. Prerendered without a token; the panel appears once
 * hydrated.
 */
export default function StaffActionPage() {
  const { t } = useTranslation('staffAction');
  const token = useSyncExternalStore(onHashChange, statusToken, () => null);
  const spreadsheetToken = useSyncExternalStore(onHashChange, downloadToken, () => null);
  const isHydrated = useHydrated();

  // The token leaves the address bar (and so the history and a shared screen) once the page has it.
  useEffect(() => {
    if ((token || spreadsheetToken) && window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, [token, spreadsheetToken]);

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        <div className="panel-slot">
          {spreadsheetToken ? (
            <SpreadsheetDownload key={spreadsheetToken} token={spreadsheetToken} />
          ) : token ? (
            <StatusLinkPanel key={token} token={token} />
          ) : (
            isHydrated && (
              <p className="form-panel form-panel--error" role="status">
                {t('noLink')}
              </p>
            )
          )}
        </div>
      </Section>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { LOCALE_TAGS, type StaffLinkProblem, type StaffSpreadsheetSelection } from '@stichting/contracts';
import { saveFile } from '../../components/saveFile';
import { useLanguage } from '../../components/useLanguage';
import { downloadSpreadsheet, readSpreadsheetLink } from './api/spreadsheetApi';

/** docs/product.md §4.10.2: a "download as a spreadsheet" link puts its token after this key (`#download=…`). */
export const SPREADSHEET_FRAGMENT = 'download';

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'refused'; problem: StaffLinkProblem }
  | { kind: 'ready'; selection: StaffSpreadsheetSelection; isBusy: boolean; failed: boolean; saved?: string };

/**
 * docs/product.md §4.10.2: the confirmation page of a download link. It says what the file will hold (read with a
 * POST that returns nothing personal) and offers a button; only the button's POST fetches the file, which the browser
 * then saves. A mail scanner that opens the link gets the page alone.
 */
export function SpreadsheetDownload({ token }: { token: string }) {
  const { t } = useTranslation('staffAction');
  const language = useLanguage();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    void readSpreadsheetLink(token, language).then((outcome) => {
      if (!isCurrent) return;
      if (outcome.kind === 'ok') setState({ kind: 'ready', selection: outcome.value, isBusy: false, failed: false });
      else if (outcome.kind === 'refused') setState({ kind: 'refused', problem: outcome.problem });
      else setState({ kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token, language]);

  async function download() {
    if (state.kind !== 'ready' || state.isBusy) return;
    setState({ ...state, isBusy: true, failed: false });
    const outcome = await downloadSpreadsheet(token, language);
    if (outcome.kind === 'ok') {
      saveFile(outcome.value.file, outcome.value.fileName);
      setState({ ...state, isBusy: false, failed: false, saved: outcome.value.fileName });
    } else if (outcome.kind === 'refused') setState({ kind: 'refused', problem: outcome.problem });
    else setState({ ...state, isBusy: false, failed: true });
  }

  if (state.kind === 'loading') {
    return (
      <div className="form-card form-card--narrow" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (state.kind === 'failed' || state.kind === 'refused') {
    const text =
      state.kind === 'failed'
        ? t('loadFailed')
        : state.problem === 'expired'
          ? t('download.expired')
          : t('problems.invalid');
    return (
      <div className="form-card form-card--narrow">
        <p className="form-panel form-panel--error" role="status" data-testid="staff-action-notice">
          {text}
        </p>
      </div>
    );
  }
  const { selection } = state;
  const holds =
    selection.kind === 'open'
      ? t('download.holdsOpen')
      : t('download.holdsMonth', {
          type: t(`types.${selection.type}`),
          month: new Intl.DateTimeFormat(LOCALE_TAGS[language], {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(`${selection.month}-15T00:00:00Z`)),
        });
  return (
    <div className="form-card form-card--narrow">
      <h2>{t('download.title')}</h2>
      <p>{holds}</p>
      <p>{t('download.privacy')}</p>
      <button type="button" className="button" onClick={() => void download()} disabled={state.isBusy}>
        {state.isBusy ? t('download.busy') : t('download.button')}
      </button>
      {state.saved && (
        <p className="form-panel form-panel--success" role="status">
          {t('download.done', { file: state.saved })}
        </p>
      )}
      {state.failed && (
        <p className="form-panel form-panel--error" role="alert">
          {t('download.failed')}
        </p>
      )}
    </div>
  );
}

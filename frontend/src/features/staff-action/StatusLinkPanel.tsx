import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  LOCALE_TAGS,
  STAFF_NAME_MAX_LENGTH,
  STAFF_NOTE_MAX_LENGTH,
  type Language,
  type StaffActionRequest,
  type StaffLinkProblem,
} from '@stichting/contracts';
import { useLanguage } from '../../components/useLanguage';
import { applyStatusLink, readStatusLink, type StatusLinkRead } from './api/staffActionApi';

/** The staff member's first name, remembered in this browser only (there are no accounts; docs/product.md §4.10). */
export const FIRST_NAME_KEY = 'staff-first-name';

function rememberedName(): string {
  try {
    return window.localStorage.getItem(FIRST_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(name: string): void {
  try {
    if (name) window.localStorage.setItem(FIRST_NAME_KEY, name);
  } catch {
    // Storage may be off (private window): the name is then typed again next time.
  }
}

function formatDay(iso: string | null, language: Language): string {
  return iso
    ? new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
        new Date(iso),
      )
    : '';
}

/** The panel's last word: why the link does nothing, or what it did. Focused when it appears, so it is read out. */
function Notice({
  tone,
  text,
  noticeRef,
}: {
  tone: 'error' | 'success';
  text: string;
  noticeRef: RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <div className="form-card form-card--narrow">
      <p
        className={`form-panel form-panel--${tone}`}
        role="status"
        tabIndex={-1}
        ref={noticeRef}
        data-testid="staff-action-notice"
      >
        {text}
      </p>
    </div>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'refused'; problem: StaffLinkProblem; message: string | undefined }
  | { kind: 'ready'; link: StatusLinkRead; isSaving: boolean; saveFailed: boolean }
  | { kind: 'done'; request: StaffActionRequest };

/**
 * docs/product.md §4.10: a status link's confirmation. Reads (POST) the request in a few words and what the link would
 * do; the button (POST) does it, with an optional note and first name. A forged or expired link, or one whose action
 * is already done, shows why in the page's language and offers no button.
 */
export function StatusLinkPanel({ token }: { token: string }) {
  const { t } = useTranslation('staffAction');
  const language = useLanguage();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [reads, setReads] = useState(0);
  const [note, setNote] = useState('');
  const [by, setBy] = useState(rememberedName);
  const notice = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let isCurrent = true;
    void readStatusLink(token, language).then((outcome) => {
      if (!isCurrent) return;
      if (outcome.kind === 'ok') setState({ kind: 'ready', link: outcome.value, isSaving: false, saveFailed: false });
      else if (outcome.kind === 'refused') setState(outcome);
      else setState({ kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token, language, reads]);

  useEffect(() => {
    if (state.kind === 'refused' || state.kind === 'done') notice.current?.focus();
  }, [state.kind]);

  const outcomeWord = (outcome: string | null) => (outcome ? t(`outcomes.${outcome as 'spam'}`) : '');

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (state.kind !== 'ready' || state.isSaving) return;
    setState({ ...state, isSaving: true, saveFailed: false });
    remember(by.trim());
    const outcome = await applyStatusLink(token, language, { note: note.trim(), by: by.trim() });
    if (outcome.kind === 'ok') setState({ kind: 'done', request: outcome.value });
    else if (outcome.kind === 'refused') setState(outcome);
    else setState({ ...state, isSaving: false, saveFailed: true });
  }

  if (state.kind === 'loading') {
    return (
      <div className="form-card form-card--narrow" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="form-card form-card--narrow">
        <p className="form-panel form-panel--error" role="alert">
          {t('loadFailed')}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setState({ kind: 'loading' });
            setReads((count) => count + 1);
          }}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (state.kind === 'refused') {
    // An `already` answer says since when, in the page's language; the other problems have the page's own words.
    const text = state.problem === 'already' ? (state.message ?? '') : t(`problems.${state.problem}`);
    return <Notice tone="error" text={text} noticeRef={notice} />;
  }
  if (state.kind === 'done') {
    const { request } = state;
    const text =
      request.status === 'closed'
        ? t('done.closed', { date: formatDay(request.closedAt, language), outcome: outcomeWord(request.outcome) })
        : t('done.contacted', { date: formatDay(request.firstContactAt, language) });
    return <Notice tone="success" text={text} noticeRef={notice} />;
  }

  const { request, action } = state.link;
  const status = request.outcome
    ? `${t(`statuses.${request.status}`)} (${outcomeWord(request.outcome)})`
    : t(`statuses.${request.status}`);
  return (
    <div className="form-card form-card--narrow">
      <h2 className="form-card__title">{t('request.title')}</h2>
      <dl className="my-gift__facts">
        <dt>{t('request.type')}</dt>
        <dd>{t(`types.${request.type}`)}</dd>
        <dt>{t('request.firstName')}</dt>
        <dd>{request.firstName}</dd>
        <dt>{t('request.createdAt')}</dt>
        <dd>{formatDay(request.createdAt, language)}</dd>
        <dt>{t('request.status')}</dt>
        <dd>{status}</dd>
      </dl>
      <p>
        <strong>
          {action.status === 'closed'
            ? t('action.closed', { outcome: outcomeWord(action.outcome) })
            : t('action.contacted')}
        </strong>
      </p>
      {state.saveFailed && (
        <p className="form-panel form-panel--error" role="alert">
          {t('problems.failed')}
        </p>
      )}
      <form className="form" onSubmit={(event) => void confirm(event)}>
        <div className="field">
          <label htmlFor={`${id}-note`}>{t('form.note')}</label>
          <p className="field__hint" id={`${id}-note-hint`}>
            {t('form.noteHint')}
          </p>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={3}
            maxLength={STAFF_NOTE_MAX_LENGTH}
            aria-describedby={`${id}-note-hint`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-by`}>{t('form.by')}</label>
          <p className="field__hint" id={`${id}-by-hint`}>
            {t('form.byHint')}
          </p>
          <input
            id={`${id}-by`}
            name="by"
            type="text"
            autoComplete="given-name"
            maxLength={STAFF_NAME_MAX_LENGTH}
            aria-describedby={`${id}-by-hint`}
            value={by}
            onChange={(event) => setBy(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={state.isSaving}>
          {state.isSaving
            ? t('form.sending')
            : action.status === 'closed'
              ? t('form.submitClosed')
              : t('form.submitContacted')}
        </button>
      </form>
    </div>
  );
}

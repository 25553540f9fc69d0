import { useEffect, useRef } from 'react';
import type { SubmissionProblem } from './useFormSubmission';

/** Moves focus to a panel when it appears, so screen-reader and keyboard users land on the outcome. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

interface SuccessPanelProps {
  /** The form page's own strings: reads 'success.title', 'success.text' and 'success.again' (the button). */
  t: (key: 'success.title' | 'success.text' | 'success.again') => string;
  /** Back to an empty form (the volunteer page goes back to its steps). */
  onAgain: () => void;
}

/** docs/product.md §4: the thank-you panel that replaces a sent form, with a button to send another. */
export function SuccessPanel({ t, onAgain }: SuccessPanelProps) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div className="form-panel form-panel--success" role="status" tabIndex={-1} ref={ref}>
      <h2 className="form-panel__title">{t('success.title')}</h2>
      <p>{t('success.text')}</p>
      <button type="button" className="button button--secondary" onClick={onAgain}>
        {t('success.again')}
      </button>
    </div>
  );
}

/** docs/product.md §8: the error panel above the form (the form and its input stay below it). */
export function ErrorPanel({ problem, detailLabel }: { problem: SubmissionProblem; detailLabel: string }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div className="form-panel form-panel--error" role="alert" tabIndex={-1} ref={ref}>
      <h2 className="form-panel__title">{problem.heading}</h2>
      <p className="form-panel__message">{problem.message}</p>
      {problem.detail && (
        <p className="form-panel__detail">
          {detailLabel}: {problem.detail}
        </p>
      )}
    </div>
  );
}

interface SubmitButtonProps {
  label: string;
  isBusy: boolean;
  /** The text while busy: 'Verifying...' during the bot check, then the sending text. */
  busyLabel: string;
  className?: string;
}

/** The submit button: disabled with a spinner while the submission runs (docs/product.md §4). */
export function SubmitButton({ label, isBusy, busyLabel, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={['button', 'button--primary', 'form__submit', className].filter(Boolean).join(' ')}
      disabled={isBusy}
    >
      {isBusy && <span className="spinner" aria-hidden="true" />}
      {isBusy ? busyLabel : label}
    </button>
  );
}

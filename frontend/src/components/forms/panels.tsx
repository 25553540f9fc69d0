import { useEffect, useRef, type ReactNode } from 'react';
import type { SubmissionProblem } from './useFormSubmission';

/** Moves focus to a panel when it appears, so screen-reader and keyboard users land on the outcome. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** spec §4: the thank-you panel that replaces a sent form. */
export function SuccessPanel({ title, children }: { title: string; children?: ReactNode }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div className="form-panel form-panel--success" role="status" tabIndex={-1} ref={ref}>
      <h2 className="form-panel__title">{title}</h2>
      {children}
    </div>
  );
}

/** spec §8: the error panel above the form (the form and its input stay below it). */
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

/** The submit button: disabled with a spinner while the submission runs (spec §4). */
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

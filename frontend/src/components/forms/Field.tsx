import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: string;
  hint?: string;
  /** A server field error; marks the control invalid and is read with it. */
  error?: string;
  required?: boolean;
  /** Shown after the label of optional fields, e.g. "(optional)". */
  optionalLabel?: string;
  className?: string;
  /** Renders the control with the id and ARIA wiring: `{(control) => <input {...control} />}`. */
  children: (control: ControlProps) => ReactNode;
}

/** One labelled form control with its hint and error, connected by id and aria-describedby. */
export function Field({ label, hint, error, required, optionalLabel, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          optionalLabel && <span className="field__optional"> {optionalLabel}</span>
        )}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({ id, required, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

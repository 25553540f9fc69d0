import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { LIMITS } from '@stichting/contracts';
import { typedBeforeHydration } from './typed-early';

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

type LabelProps = Omit<FieldProps, 'children'>;

/** The props every bound control takes: its name, current value and the setter (see `bindFields`). */
interface ValueProps<V extends string> {
  name: string;
  value: V | '';
  onValueChange(this: void, value: V): void;
}

/** The input type and length limit (docs/product.md §7.2) each kind of one-line answer gets. */
const INPUT_KINDS = {
  text: { type: 'text' },
  name: { type: 'text', maxLength: LIMITS.name },
  email: { type: 'email', maxLength: LIMITS.email },
  phone: { type: 'tel', maxLength: LIMITS.phone },
  number: { type: 'number', inputMode: 'numeric', step: 1 },
} as const;

interface TextFieldProps extends LabelProps, ValueProps<string> {
  /** One-line input of this kind (default 'text'); ignored when `rows` makes it a text box. */
  kind?: keyof typeof INPUT_KINDS;
  /** A multi-line text box of this many rows. */
  rows?: number;
  maxLength?: number;
  autoComplete?: string;
  min?: number;
  max?: number;
}

/** A labelled text answer: a one-line input, or a multi-line text box when `rows` is given. */
export function TextField(props: TextFieldProps) {
  const {
    label,
    hint,
    error,
    required,
    optionalLabel,
    className,
    onValueChange,
    kind = 'text',
    rows,
    ...control
  } = props;
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValueChange(event.target.value);
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // Text typed while the page's script was still loading is not yet in the form's state: take it over once, when the
  // field comes to life, so that it stays in the field and is what the form sends (./typed-early.ts).
  useEffect(() => {
    const typed = element.current ? typedBeforeHydration(element.current) : undefined;
    if (typed && typed !== control.value) onValueChange(typed);
    // Only on the first render: later the field and the state change together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Field {...{ label, hint, error, required, optionalLabel, className }}>
      {(wiring) =>
        rows ? (
          <textarea {...wiring} {...control} ref={element} rows={rows} onChange={onChange} />
        ) : (
          <input {...wiring} {...INPUT_KINDS[kind]} {...control} ref={element} onChange={onChange} />
        )
      }
    </Field>
  );
}

interface SelectFieldProps<V extends string> extends LabelProps {
  name: string;
  /** The choices; their type is taken from here, not from the (possibly empty) value. */
  options: readonly V[];
  value: NoInfer<V> | '';
  optionLabel(this: void, value: V): string;
  /** The first, empty option ("Choose..."); not selectable again when an answer is required. */
  placeholder?: string;
  /** Shown but not editable (the volunteer form repeats the steps' choices this way); no setter needed. */
  disabled?: boolean;
  onValueChange?(this: void, value: NoInfer<V>): void;
}

/** A labelled drop-down list. */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  const { label, hint, error, required, optionalLabel, className } = props;
  return (
    <Field {...{ label, hint, error, required, optionalLabel, className }}>
      {(control) => (
        <select
          {...control}
          name={props.name}
          value={props.value}
          disabled={props.disabled}
          onChange={(event) => props.onValueChange?.(event.target.value as V)}
        >
          {props.placeholder !== undefined && (
            <option value="" disabled={required}>
              {props.placeholder}
            </option>
          )}
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Connects fields to a form's state: `const bind = bindFields(values, setValue, errors)`, then
 * `<TextField {...bind('email')} kind="email" label=... />` sets name, value, setter and the server's error.
 */
export function bindFields<Values extends object>(
  values: Values,
  setValue: <K extends keyof Values>(name: K, value: Values[K]) => void,
  errors: Partial<Record<keyof Values & string, string>> = {},
) {
  return <K extends keyof Values & string>(name: K) => ({
    name,
    value: values[name],
    onValueChange: (value: Values[K]) => setValue(name, value),
    error: errors[name],
  });
}

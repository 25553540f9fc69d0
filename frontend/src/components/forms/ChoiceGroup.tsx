import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: string;
}

interface CommonProps<V extends string> {
  legend: ReactNode;
  /** Visually hides the legend when a heading already names the group. */
  hideLegend?: boolean;
  name: string;
  choices: readonly Choice<V>[];
  hint?: string;
  error?: string;
  disabled?: boolean;
  /** 'cards' for the volunteer steps (title and description per choice), 'list' for compact options. */
  variant?: 'list' | 'cards';
  className?: string;
  id?: string;
}

interface RadioProps<V extends string> extends CommonProps<V> {
  type: 'radio';
  value: V | '';
  onValueChange(this: void, value: V): void;
  required?: boolean;
}

interface CheckboxProps<V extends string> extends CommonProps<V> {
  type: 'checkbox';
  value: readonly V[];
  onValueChange(this: void, value: V[]): void;
  /** When set, at least one box must be ticked; the browser shows this text on submit. */
  requireOneMessage?: string;
}

/**
 * A fieldset of radios or checkboxes with a legend: native keyboard behaviour (arrows between radios, space to
 * tick) and native required checks. "At least one" for checkboxes uses the first box's custom validity.
 */
export function ChoiceGroup<V extends string>(props: RadioProps<V> | CheckboxProps<V>) {
  const { legend, hideLegend, name, choices, hint, error, disabled, variant = 'list', className, id } = props;
  const baseId = useId();
  const firstBox = useRef<HTMLInputElement>(null);
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const missingOne = props.type === 'checkbox' && props.requireOneMessage && props.value.length === 0;
  const requireOneMessage = props.type === 'checkbox' ? props.requireOneMessage : undefined;

  useEffect(() => {
    firstBox.current?.setCustomValidity(missingOne && requireOneMessage ? requireOneMessage : '');
  }, [missingOne, requireOneMessage]);

  const isChecked = (value: V) => (props.type === 'radio' ? props.value === value : props.value.includes(value));
  const toggle = (value: V, checked: boolean) => {
    if (props.type === 'radio') props.onValueChange(value);
    else if (checked !== props.value.includes(value)) {
      props.onValueChange(checked ? [...props.value, value] : props.value.filter((item) => item !== value));
    }
  };

  return (
    <fieldset
      id={id}
      className={['choice-group', `choice-group--${variant}`, error ? 'choice-group--invalid' : '', className]
        .filter(Boolean)
        .join(' ')}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className={hideLegend ? 'visually-hidden' : 'choice-group__legend'}>{legend}</legend>
      {hint && (
        <p className="choice-group__hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="choice-group__options">
        {choices.map((choice, index) => {
          const inputId = `${baseId}-${choice.value}`;
          const descriptionId = choice.description ? `${inputId}-description` : undefined;
          return (
            <div key={choice.value} className="choice">
              <input
                ref={index === 0 ? firstBox : undefined}
                className="choice__input"
                type={props.type}
                id={inputId}
                name={name}
                value={choice.value}
                checked={isChecked(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                required={props.type === 'radio' ? props.required : undefined}
                aria-describedby={descriptionId}
              />
              <div className="choice__text">
                <label className="choice__label" htmlFor={inputId}>
                  {choice.label}
                </label>
                {choice.description && (
                  <span className="choice__description" id={descriptionId}>
                    {choice.description}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { Language, SubmissionType, TurnstileAction } from '@stichting/contracts';
import { TurnstileError, useTurnstile, type Turnstile } from '../turnstile';
import { useLanguage } from '../useLanguage';
import { bindFields } from './Field';
import { FORM_MESSAGES, type FormMessages } from './messages';
import { SubmissionError, sendSubmission, withoutEmpty } from './sendSubmission';

/** docs/product.md §4: idle -> verifying (bot check) -> submitting -> success | error. */
export type SubmissionStatus = 'idle' | 'verifying' | 'submitting' | 'success' | 'error';

export interface SubmissionProblem {
  heading: string;
  message: string;
  /** The server's or the bot check's own words, shown as a secondary line. */
  detail?: string;
}

/** What a form other than the three submission forms sends, and where (it throws SubmissionError like sendSubmission). */
export type FormSender = (request: {
  formData: Record<string, unknown>;
  language: Language;
  turnstileToken: string;
}) => Promise<unknown>;

interface Options<Values> {
  /** The bot-check action: the form's type, which also names the submission unless `send` posts elsewhere. */
  type: TurnstileAction;
  /** Where the form goes; /api/send-email (sendSubmission) when left out, which needs a submission type. */
  send?: FormSender;
  initialValues: Values;
  /** The formData for the server; empty optional values are dropped afterwards. */
  toFormData: (values: Values) => Record<string, unknown>;
  /** Server field name -> input name where they differ (volunteer: name -> firstName). */
  fieldNames?: Partial<Record<string, keyof Values & string>>;
}

/** The problem to show for a failed submission, in the visitor's language (docs/product.md §8). */
export function describeFailure(error: unknown, messages: FormMessages): SubmissionProblem {
  if (error instanceof TurnstileError) {
    return {
      heading: messages.securityHeading,
      message: messages.turnstileReasons[error.reason],
      detail: messages.securityHint,
    };
  }
  if (error instanceof SubmissionError) {
    const detail = error.message || undefined;
    switch (error.status) {
      case 0:
        return { heading: messages.errorHeading, message: messages.network };
      case 400:
        // The reasons are under the fields, in the page's language; the server's summary is English.
        return { heading: messages.errorHeading, message: messages.badRequest };
      case 403:
        return { heading: messages.securityHeading, message: messages.securityHint, detail };
      case 413:
        return { heading: messages.errorHeading, message: messages.tooLarge };
      case 429:
        return { heading: messages.errorHeading, message: messages.tooManyRequests };
      case 503:
        return { heading: messages.errorHeading, message: messages.unavailable };
      default:
        return { heading: messages.errorHeading, message: messages.serverError, detail };
    }
  }
  return { heading: messages.errorHeading, message: messages.unexpected };
}

/**
 * State and submit handler of one form. The visitor's input stays in place on error; on success the values go
 * back to their defaults and the page shows its thank-you panel. The bot check is reset after every attempt.
 */
export function useFormSubmission<Values extends object>({
  type,
  send,
  initialValues,
  toFormData,
  fieldNames = {},
}: Options<Values>) {
  const language = useLanguage();
  const messages = FORM_MESSAGES[language];
  const turnstile: Turnstile = useTurnstile(type);
  const [values, setValues] = useState<Values>(initialValues);
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const [problem, setProblem] = useState<SubmissionProblem | undefined>(undefined);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Values & string, string>>>({});
  const initial = useRef(initialValues);
  const isBusy = status === 'verifying' || status === 'submitting';

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setProblem(undefined);
    setFieldErrors({});
    setStatus('verifying');
    try {
      const turnstileToken = await turnstile.getToken();
      setStatus('submitting');
      const request = { formData: withoutEmpty(toFormData(values)), language, turnstileToken };
      await (send ? send(request) : sendSubmission({ ...request, type: type as SubmissionType }));
      setValues(initial.current);
      setStatus('success');
    } catch (error) {
      if (error instanceof SubmissionError) {
        const errors: Record<string, string> = {};
        for (const [key, message] of Object.entries(error.fields)) {
          const serverName = key.replace(/^formData\./, '');
          const code = error.codes[key];
          errors[fieldNames[serverName] ?? serverName] = code ? messages.fieldErrors[code] : message;
        }
        setFieldErrors(errors as typeof fieldErrors);
      }
      setProblem(describeFailure(error, messages));
      setStatus('error');
    } finally {
      turnstile.reset();
    }
  };

  /** Back from the thank-you panel to an empty form. */
  const startOver = useCallback(() => {
    setValues(initial.current);
    setProblem(undefined);
    setStatus('idle');
  }, []);

  return {
    values,
    setValue,
    status,
    isBusy,
    problem,
    fieldErrors,
    /** Name, value, setter and server error of one field, to spread on TextField, SelectField or ChoiceGroup. */
    bind: bindFields(values, setValue, fieldErrors),
    messages,
    startOver,
    /** The submit button's busy text: 'Verifying...' during the bot check, then the form's sending text. */
    busyLabel: (sendingText: string) => (status === 'verifying' ? messages.verifying : sendingText),
    turnstileContainer: turnstile.container,
    /** Spread on the <form>: submit, and the bot-check script starts loading on the first interaction. */
    formProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onFocus: turnstile.preload,
      onPointerDown: turnstile.preload,
      'aria-busy': isBusy,
    },
  };
}

export type FormSubmission<Values extends object> = ReturnType<typeof useFormSubmission<Values>>;

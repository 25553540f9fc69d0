import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  formatEuro,
  PERIODIC_LIMITS,
  type AgreementLinkProblem,
  type AgreementStatus,
  type AgreementView,
  type Language,
} from '@stichting/contracts';
import { Field, SubmitButton } from '../../../components/forms';
import { FoundationAddress } from '../../../components/FoundationAddress';
import { saveFile } from '../../../components/saveFile';
import { useAgreementSummary } from './AgreementDocument';
import {
  countersignAgreement,
  fetchAgreementPdf,
  signAgreement,
  startDebits,
  verifyEmail,
  type LinkOutcome,
} from '../api/periodicGiftApi';

/** What a step hands back to the page: a link problem, a finished step, or the next token (verify → sign). */
export interface StepEvents {
  onProblem: (problem: AgreementLinkProblem) => void;
  onDone: (done: { title: string; text: string }) => void;
}

/**
 * A step's heading: it takes the focus when the step appears, so keyboard and screen-reader users start there (unless
 * the agreement above it takes the focus: the signer reads from the top).
 */
export function StepHeading({ children, takesFocus = true }: { children: ReactNode; takesFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takesFocus) ref.current?.focus();
  }, [takesFocus]);
  return (
    <h2 className="sign-step__title" tabIndex={-1} ref={ref}>
      {children}
    </h2>
  );
}

/** A refusal or failure after a button, announced where it happened. */
function StepError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-panel form-panel--error" role="alert">
      {message}
    </p>
  );
}

/**
 * Runs one call of a step: busy while it runs; a link problem goes to the page, a refusal shows the server's words
 * (already in the page's language), anything else "try again". Returns the value when the call succeeded.
 */
function useStepCall(events: Pick<StepEvents, 'onProblem'>) {
  const { t } = useTranslation('periodicGiftSign');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  async function run<T>(call: () => Promise<LinkOutcome<T>>): Promise<T | undefined> {
    if (isBusy) return undefined;
    setBusy(true);
    setError(undefined);
    setFields({});
    const outcome = await call();
    setBusy(false);
    if (outcome.kind === 'ok') return outcome.value;
    if (outcome.kind === 'problem') events.onProblem(outcome.problem);
    else if (outcome.kind === 'refused') {
      setFields(outcome.fields);
      if (Object.keys(outcome.fields).length === 0) setError(outcome.message ?? t('failed'));
    } else setError(t('failed'));
    return undefined;
  }
  return { isBusy, error, fields, run };
}

export function VerifyStep({
  token,
  language,
  onProblem,
  onSignToken,
}: {
  token: string;
  language: Language;
  onProblem: StepEvents['onProblem'];
  onSignToken: (signToken: string) => void;
}) {
  const { t } = useTranslation('periodicGiftSign');
  const step = useStepCall({ onProblem });
  const verify = async () => {
    const signToken = await step.run(() => verifyEmail(token, language));
    if (signToken) onSignToken(signToken);
  };
  return (
    <section className="sign-step form-card form-card--narrow">
      <StepHeading>{t('verify.title')}</StepHeading>
      <p>{t('verify.text')}</p>
      <StepError message={step.error} />
      <button type="button" className="button button--primary" disabled={step.isBusy} onClick={() => void verify()}>
        {step.isBusy ? t('verify.busy') : t('verify.button')}
      </button>
    </section>
  );
}

/** Names compared as a person reads them: spaces collapsed, case and accents' composition alike. */
const normalName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nl');

export function SignStep({
  token,
  language,
  agreement,
  expectedName,
  isPartner,
  onProblem,
  onDone,
}: {
  token: string;
  language: Language;
  agreement: AgreementView;
  expectedName: string;
  isPartner: boolean;
} & StepEvents) {
  const { t } = useTranslation('periodicGiftSign');
  const step = useStepCall({ onProblem });
  const download = useStepCall({ onProblem });
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [check, setCheck] = useState<{ name?: string; consent?: string }>({});
  const consentId = useId();
  const nameInput = useRef<HTMLInputElement>(null);

  const downloadPdf = async () => {
    const pdf = await download.run(async () => {
      const outcome = await fetchAgreementPdf(token, language);
      return outcome.kind === 'failed'
        ? { kind: 'refused' as const, message: t('sign.downloadFailed'), fields: {} }
        : outcome;
    });
    if (pdf) {
      const fallback = `${t('sign.fileName', { transactionNumber: agreement.transactionNumber })}.pdf`;
      saveFile(pdf.file, pdf.fileName ?? fallback);
    }
  };

  const sign = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      name: normalName(name) === normalName(expectedName) ? undefined : t('sign.nameMismatch', { name: expectedName }),
      consent: consent ? undefined : t('sign.consentRequired'),
    };
    setCheck(found);
    if (found.name || found.consent) {
      (found.name ? nameInput.current : document.getElementById(consentId))?.focus();
      return;
    }
    const status = await step.run(() => signAgreement(token, language, name.trim()));
    if (status) {
      const known: AgreementStatus[] = ['awaiting_signatures', 'awaiting_countersignature', 'signed'];
      const after = known.includes(status) ? status : 'awaiting_countersignature';
      onDone({ title: t('sign.doneTitle'), text: t(`sign.done.${after as 'signed'}`) });
    }
  };

  return (
    <section className="sign-step form-card">
      <StepHeading takesFocus={false}>{isPartner ? t('sign.titlePartner') : t('sign.title')}</StepHeading>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={download.isBusy}
        aria-busy={download.isBusy}
        onClick={() => void downloadPdf()}
      >
        {download.isBusy ? t('sign.downloading') : t('sign.download')}
      </button>
      <StepError message={download.error} />
      <details className="sign-step__paper">
        <summary>{t('sign.paperTitle')}</summary>
        <p>{t('sign.paperText')}</p>
        <FoundationAddress country={t('sign.paperCountry')} />
        <p>{t('sign.paperAfter')}</p>
      </details>
      <form className="form" noValidate onSubmit={(event) => void sign(event)} aria-busy={step.isBusy}>
        <Field
          label={t('sign.name')}
          hint={t('sign.nameHint', { name: expectedName })}
          error={check.name ?? step.fields.name}
          required
        >
          {(control) => (
            <input
              {...control}
              ref={nameInput}
              type="text"
              name="name"
              autoComplete="name"
              maxLength={PERIODIC_LIMITS.signatureName}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <div className={['choice', check.consent ? 'choice-group--invalid' : ''].filter(Boolean).join(' ')}>
          <input
            className="choice__input"
            type="checkbox"
            id={consentId}
            checked={consent}
            aria-invalid={check.consent ? true : undefined}
            aria-describedby={check.consent ? `${consentId}-error` : undefined}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <div className="choice__text">
            <label className="choice__label" htmlFor={consentId}>
              {t('sign.consent')}
            </label>
            {check.consent && (
              <span className="field__error" id={`${consentId}-error`}>
                {check.consent}
              </span>
            )}
          </div>
        </div>
        <StepError message={step.error} />
        <SubmitButton label={t('sign.button')} isBusy={step.isBusy} busyLabel={t('sign.busy')} />
      </form>
    </section>
  );
}

export function CountersignStep({
  token,
  language,
  onProblem,
  onDone,
}: { token: string; language: Language } & StepEvents) {
  const { t } = useTranslation('periodicGiftSign');
  const step = useStepCall({ onProblem });
  const countersign = async () => {
    if (await step.run(() => countersignAgreement(token, language))) {
      onDone({ title: t('countersign.doneTitle'), text: t('countersign.done') });
    }
  };
  return (
    <section className="sign-step form-card form-card--narrow">
      <StepHeading takesFocus={false}>{t('countersign.title')}</StepHeading>
      <p>{t('countersign.text')}</p>
      <StepError message={step.error} />
      <button
        type="button"
        className="button button--primary"
        disabled={step.isBusy}
        onClick={() => void countersign()}
      >
        {step.isBusy ? t('countersign.busy') : t('countersign.button')}
      </button>
    </section>
  );
}

export function StartStep({
  token,
  language,
  agreement,
  hasMonthlyGift,
  onProblem,
}: {
  token: string;
  language: Language;
  agreement: AgreementView;
  hasMonthlyGift: boolean;
  onProblem: StepEvents['onProblem'];
}) {
  const { t } = useTranslation('periodicGiftSign');
  const step = useStepCall({ onProblem });
  const [replaceGift, setReplaceGift] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const replaceId = useId();
  const summary = useAgreementSummary(agreement, language);
  const start = async () => {
    const url = await step.run(() => startDebits(token, language, hasMonthlyGift && replaceGift));
    if (url) {
      setLeaving(true);
      window.location.assign(url);
    }
  };
  const isBusy = step.isBusy || isLeaving;
  return (
    <section className="sign-step form-card form-card--narrow">
      <StepHeading>{t('start.title')}</StepHeading>
      <p>{summary}</p>
      <p>{t('start.text', { monthly: formatEuro(agreement.monthlyAmountCents / 100, language) })}</p>
      {hasMonthlyGift && (
        <div className="choice">
          <input
            className="choice__input"
            type="checkbox"
            id={replaceId}
            checked={replaceGift}
            aria-describedby={`${replaceId}-hint`}
            onChange={(event) => setReplaceGift(event.target.checked)}
          />
          <div className="choice__text">
            <label className="choice__label" htmlFor={replaceId}>
              {t('start.replace')}
            </label>
            <span className="choice__description" id={`${replaceId}-hint`}>
              {t('start.replaceHint')}
            </span>
          </div>
        </div>
      )}
      <StepError message={step.error} />
      <button type="button" className="button button--primary" disabled={isBusy} onClick={() => void start()}>
        {isBusy ? t('start.busy') : t('start.button')}
      </button>
    </section>
  );
}

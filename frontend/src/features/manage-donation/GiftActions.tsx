import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  DONATION_TIERS,
  GIFT_PAUSE_MONTHS,
  GIFT_STOP_REASONS,
  MAX_DONATION_EUR,
  MIN_DONATION_EUR,
  PERIODIC_STOP_REASONS,
  formatEuro,
  parseEuroAmount,
  type DonorGift,
  type DonorLinkProblem,
  type GiftStopReason,
  type PeriodicStopReason,
} from '@stichting/contracts';
import { useLanguage } from '../../components/useLanguage';
import { changeGift, paymentMethodPage, type GiftOutcome } from './api/giftApi';

const CUSTOM = 'custom';
type Notice = { tone: 'success' | 'error'; text: string };

interface Props {
  gift: DonorGift;
  token: string;
  onProblem: (problem: DonorLinkProblem) => void;
  /** Reads the gift again. */
  onChanged: () => void;
}

/**
 * docs/product.md §7.10: the donor's actions on their gift. Each is a POST with the token; what it did shows in one
 * status line, and the gift is read again (it changes once Stripe confirms, through the ledger).
 */
export function GiftActions({ gift, token, onProblem, onChanged }: Props) {
  const { t } = useTranslation('manageDonation');
  const language = useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [tier, setTier] = useState<string>('');
  const [custom, setCustom] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [months, setMonths] = useState<string>(String(GIFT_PAUSE_MONTHS[0]));
  const [reason, setReason] = useState<GiftStopReason | PeriodicStopReason | ''>('');
  const [confirmingStop, setConfirmingStop] = useState(false);

  const running = gift.status !== 'cancelled';
  // docs/product.md §7.10: a periodic gift is fixed and even: no new amount, no pause; stopping needs the reason.
  const periodic = gift.periodic;
  const canPause = !periodic && (gift.status === 'active' || gift.status === 'paused');
  const stopReasons: ReadonlyArray<GiftStopReason | PeriodicStopReason> = periodic
    ? PERIODIC_STOP_REASONS.filter(
        (name) => name === 'death' || name === 'other' || (periodic.endClauses as string[]).includes(name),
      )
    : GIFT_STOP_REASONS;
  const stopKey = periodic ? 'gift.periodic.stop' : 'gift.stop';

  async function act<T>(run: () => Promise<GiftOutcome<T>>, done: (value: T) => string | undefined) {
    setBusy(true);
    setNotice(undefined);
    const outcome = await run();
    setBusy(false);
    if (outcome.kind === 'problem') return onProblem(outcome.problem);
    const text =
      outcome.kind === 'ok' ? done(outcome.value) : outcome.kind === 'not-now' ? t('gift.notNow') : t('gift.failed');
    if (text === undefined) return;
    setNotice({ tone: outcome.kind === 'ok' ? 'success' : 'error', text });
    queueMicrotask(() => noticeRef.current?.focus());
    if (outcome.kind === 'ok') onChanged();
  }

  function changeAmount(event: FormEvent) {
    event.preventDefault();
    const euro = tier === CUSTOM ? parseEuroAmount(custom) : Number(tier) || null;
    if (euro === null) {
      setAmountError(
        t('gift.amount.invalid', {
          min: formatEuro(MIN_DONATION_EUR, language),
          max: formatEuro(MAX_DONATION_EUR, language),
        }),
      );
      return;
    }
    setAmountError(undefined);
    const amountCents = Math.round(euro * 100);
    void act(
      () => changeGift('amount', token, language, { amountCents }),
      () => t('gift.amount.done', { amount: formatEuro(euro, language) }),
    );
  }

  function pause(event: FormEvent) {
    event.preventDefault();
    void act(
      () => changeGift('pause', token, language, { months: Number(months) }),
      () => t('gift.pause.done'),
    );
  }

  function stop(event: FormEvent) {
    event.preventDefault();
    if (!confirmingStop) return setConfirmingStop(true);
    setConfirmingStop(false);
    void act(
      () => changeGift('stop', token, language, reason ? { reason } : {}),
      () => t(`${stopKey}.done`),
    );
  }

  return (
    <div className="my-gift__actions">
      {notice && (
        <p
          className={`form-panel form-panel--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          tabIndex={-1}
          ref={noticeRef}
        >
          {notice.text}
        </p>
      )}
      {running && !periodic && (
        <form onSubmit={changeAmount} className="form" aria-labelledby={`${id}-amount`}>
          <h3 id={`${id}-amount`}>{t('gift.amount.title')}</h3>
          <fieldset className="choice-group">
            <legend className="choice-group__legend">{t('gift.amount.legend')}</legend>
            {DONATION_TIERS.map((euro) => (
              <label key={euro} className="choice">
                <input
                  type="radio"
                  name={`${id}-tier`}
                  value={String(euro)}
                  checked={tier === String(euro)}
                  onChange={() => setTier(String(euro))}
                />
                {formatEuro(euro, language)}
              </label>
            ))}
            <label className="choice">
              <input
                type="radio"
                name={`${id}-tier`}
                value={CUSTOM}
                checked={tier === CUSTOM}
                onChange={() => setTier(CUSTOM)}
              />
              {t('gift.amount.custom')}
            </label>
          </fieldset>
          {tier === CUSTOM && (
            <div className="field">
              <label htmlFor={`${id}-custom`}>{t('gift.amount.custom')}</label>
              <input
                id={`${id}-custom`}
                inputMode="decimal"
                value={custom}
                onChange={(event) => setCustom(event.target.value)}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? `${id}-amount-error` : undefined}
              />
            </div>
          )}
          {amountError && (
            <p id={`${id}-amount-error`} className="field__error" role="alert">
              {amountError}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={busy || tier === ''}>
            {busy ? t('gift.busy') : t('gift.amount.submit')}
          </button>
        </form>
      )}

      {gift.status === 'paused' ? (
        <section aria-labelledby={`${id}-resume`}>
          <h3 id={`${id}-resume`}>{t('gift.pause.title')}</h3>
          <p>{t('gift.pause.resumeText')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() =>
              void act(
                () => changeGift('resume', token, language),
                () => t('gift.pause.resumed'),
              )
            }
          >
            {t('gift.pause.resume')}
          </button>
        </section>
      ) : (
        canPause && (
          <form onSubmit={pause} className="form" aria-labelledby={`${id}-pause`}>
            <h3 id={`${id}-pause`}>{t('gift.pause.title')}</h3>
            <div className="field">
              <label htmlFor={`${id}-months`}>{t('gift.pause.months')}</label>
              <select id={`${id}-months`} value={months} onChange={(event) => setMonths(event.target.value)}>
                {GIFT_PAUSE_MONTHS.map((count) => (
                  <option key={count} value={String(count)}>
                    {t('gift.pause.option', { count })}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('gift.pause.submit')}
            </button>
          </form>
        )
      )}

      {running && (
        <section aria-labelledby={`${id}-method`}>
          <h3 id={`${id}-method`}>{t('gift.method.title')}</h3>
          <p>{t('gift.method.text')}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void act(
                () => paymentMethodPage(token, language),
                (url) => {
                  window.location.assign(url);
                  return undefined;
                },
              )
            }
          >
            {busy ? t('gift.method.opening') : t('gift.method.submit')}
          </button>
        </section>
      )}

      {running && (
        <form onSubmit={stop} className="form" aria-labelledby={`${id}-stop`}>
          <h3 id={`${id}-stop`}>{t(`${stopKey}.title`)}</h3>
          <p>{t(`${stopKey}.text`)}</p>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t(`${stopKey}.reason`)}</label>
            <select
              id={`${id}-reason`}
              value={reason}
              required={Boolean(periodic)}
              aria-describedby={periodic && reason ? `${id}-stop-meaning` : undefined}
              onChange={(event) => setReason(event.target.value as GiftStopReason | PeriodicStopReason | '')}
            >
              <option value="">{periodic ? t('gift.periodic.stop.choose') : t('gift.stop.noReason')}</option>
              {stopReasons.map((name) => (
                <option key={name} value={name}>
                  {periodic
                    ? t(`gift.periodic.stop.reasons.${name as PeriodicStopReason}`)
                    : t(`gift.stop.reasons.${name as GiftStopReason}`)}
                </option>
              ))}
            </select>
          </div>
          {/* docs/product.md §7.10: what stopping early means for the deduction of the earlier years. */}
          {periodic && reason && (
            <p id={`${id}-stop-meaning`} className="form-panel" data-testid="stop-meaning">
              {reason === 'other' ? t('gift.periodic.stop.early') : t('gift.periodic.stop.inAgreement')}
            </p>
          )}
          {confirmingStop ? (
            <div className="my-gift__confirm">
              <button type="submit" className="button button--primary" disabled={busy} autoFocus>
                {periodic ? t('gift.periodic.stop.confirm') : t('gift.stop.confirm')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirmingStop(false)}>
                {t('gift.stop.cancel')}
              </button>
            </div>
          ) : (
            <button type="submit" className="button button--secondary" disabled={busy}>
              {periodic ? t('gift.periodic.stop.title') : t('gift.stop.submit')}
            </button>
          )}
        </form>
      )}
    </div>
  );
}

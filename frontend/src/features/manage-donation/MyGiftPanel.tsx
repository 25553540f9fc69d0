import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  LOCALE_TAGS,
  ROUTES,
  formatEuro,
  type DonorGift,
  type DonorLinkProblem,
  type Language,
} from '@stichting/contracts';
import { useLanguage } from '../../components/useLanguage';
import { readGift } from './api/giftApi';
import { GiftActions } from './GiftActions';
import { StatementDownloads } from './StatementDownloads';

const KNOWN_METHODS = new Set(['sepa_debit', 'ideal', 'card', 'bancontact']);

/** A calendar day in the page's language, Dutch time (as the donor emails write it). */
export function formatDay(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
    new Date(iso),
  );
}

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; gift: DonorGift };

/**
 * docs/product.md §7.10: the donor's own page for one gift, opened from the manage link (the token came in the
 * fragment). It reads the gift with a POST; an expired or broken link hands over to the "ask for a fresh link" form
 * (`onProblem`). After an action it says what was done and reads the gift again.
 */
export function MyGiftPanel({ token, onProblem }: { token: string; onProblem: (problem: DonorLinkProblem) => void }) {
  const { t } = useTranslation('manageDonation');
  const language = useLanguage();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  // Each bump reads the gift again (after an action, or "try again").
  const [reads, setReads] = useState(0);
  const reload = () => setReads((count) => count + 1);

  useEffect(() => {
    let isCurrent = true;
    void readGift(token, language).then((outcome) => {
      if (!isCurrent) return;
      if (outcome.kind === 'ok') setLoad({ kind: 'ready', gift: outcome.value });
      else if (outcome.kind === 'problem') onProblem(outcome.problem);
      else setLoad({ kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token, language, onProblem, reads]);

  useEffect(() => {
    if (load.kind === 'ready') heading.current?.focus();
    // Only when the gift first appears, not on every re-read.
  }, [load.kind]);

  if (load.kind === 'loading') {
    return (
      <div className="form-card" aria-busy="true">
        <p role="status">{t('gift.loading')}</p>
      </div>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div className="form-card">
        <p className="form-panel form-panel--error" role="alert">
          {t('gift.loadFailed')}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setLoad({ kind: 'loading' });
            reload();
          }}
        >
          {t('gift.retry')}
        </button>
      </div>
    );
  }

  const { gift } = load;
  const status =
    gift.status === 'paused'
      ? gift.pausedUntil
        ? t('gift.status.paused', { date: formatDay(gift.pausedUntil, language) })
        : t('gift.status.pausedOpen')
      : t(`gift.status.${gift.status}`);
  const method = gift.paymentMethodType
    ? KNOWN_METHODS.has(gift.paymentMethodType)
      ? t(`gift.methods.${gift.paymentMethodType as 'sepa_debit'}`)
      : t('gift.methods.other', { method: gift.paymentMethodType })
    : t('gift.facts.none');

  return (
    <div className="form-card my-gift">
      <h2 className="form-card__title" tabIndex={-1} ref={heading}>
        {t('gift.title')}
      </h2>
      <dl className="my-gift__facts">
        <dt>{t('gift.facts.amount')}</dt>
        <dd>{formatEuro(gift.amountCents / 100, language)}</dd>
        <dt>{t('gift.facts.since')}</dt>
        <dd>{gift.startedAt ? formatDay(gift.startedAt, language) : t('gift.facts.notYet')}</dd>
        <dt>{t('gift.facts.status')}</dt>
        <dd data-testid="gift-status">{status}</dd>
        <dt>{t('gift.facts.method')}</dt>
        <dd>{method}</dd>
        <dt>{t('gift.facts.next')}</dt>
        <dd>{gift.nextPaymentAt ? formatDay(gift.nextPaymentAt, language) : t('gift.facts.none')}</dd>
        {gift.periodic && (
          <>
            <dt>{t('gift.periodic.facts.transactionNumber')}</dt>
            <dd data-testid="gift-transaction-number">{gift.periodic.transactionNumber}</dd>
            <dt>{t('gift.periodic.facts.term')}</dt>
            <dd>
              {gift.periodic.lastYear === null
                ? t('gift.periodic.term.untilDeath', { first: gift.periodic.firstYear })
                : t('gift.periodic.term.years', { first: gift.periodic.firstYear, last: gift.periodic.lastYear })}
            </dd>
          </>
        )}
      </dl>
      {/* docs/product.md §7.10: a periodic gift is fixed; an ordinary monthly gift is offered the periodic gift. */}
      {gift.periodic ? (
        <p>{t('gift.periodic.fixed')}</p>
      ) : (
        gift.status !== 'cancelled' && (
          <p>
            {t('gift.periodic.offer')} <a href={ROUTES.periodicGift[language]}>{t('gift.periodic.offerLink')}</a>
          </p>
        )
      )}

      <h3>{t('gift.payments.title')}</h3>
      {gift.payments.length === 0 ? (
        <p>{t('gift.payments.none')}</p>
      ) : (
        <table className="my-gift__payments">
          <thead>
            <tr>
              <th scope="col">{t('gift.payments.date')}</th>
              <th scope="col">{t('gift.payments.amount')}</th>
              <th scope="col">{t('gift.payments.status')}</th>
            </tr>
          </thead>
          <tbody>
            {gift.payments.map((payment) => (
              <tr key={`${payment.date}-${payment.amountCents}-${payment.status}`}>
                <td>{formatDay(payment.date, language)}</td>
                <td>{formatEuro(payment.amountCents / 100, language)}</td>
                <td>{t(`gift.payments.${payment.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <StatementDownloads token={token} language={language} onProblem={onProblem} />

      <GiftActions gift={gift} token={token} onProblem={onProblem} onChanged={reload} />
    </div>
  );
}

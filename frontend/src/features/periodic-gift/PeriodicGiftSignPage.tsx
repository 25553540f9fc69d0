import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import type { AgreementLinkProblem } from '@stichting/contracts';
import { useHydrated } from '../../components/content/hooks';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useLanguage } from '../../components/useLanguage';
import { readLink } from './api/periodicGiftApi';
import { AgreementDocument } from './components/AgreementDocument';
import { CountersignStep, SignStep, StartStep, StepHeading, VerifyStep } from './components/SignSteps';
import '../../components/forms';
import '../../styles/periodic-gift.css';

/** The fragment's name: the emails' links end in `#token=…`, which never reaches a server or a Referer. */
const TOKEN_FRAGMENT = 'token';

/** The link's token, read from the fragment once per page load (it is then removed from the address bar). */
let fragmentToken: string | null | undefined;
function linkToken(): string | null {
  fragmentToken ??= new URLSearchParams(window.location.hash.slice(1)).get(TOKEN_FRAGMENT);
  return fragmentToken;
}
const noSubscription = () => () => {};

type Answer = Extract<Awaited<ReturnType<typeof readLink>>, { kind: 'ok' }>['value'];
type View =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: AgreementLinkProblem }
  | { kind: 'failed' }
  | { kind: 'ready'; answer: Answer }
  | { kind: 'done'; title: string; text: string };

/**
 * Route table page "periodicGiftSign" (docs/product.md §4.9), opened by the links in the periodic gift's emails. The
 * page posts the fragment's token to learn what the link is for and shows that step: confirm the email address (which
 * gives the token to sign with), read and sign (donor or partner), countersign (staff), or start the monthly debit.
 * Opening the page changes nothing: only its buttons post.
 */
export default function PeriodicGiftSignPage() {
  const { t } = useTranslation('periodicGiftSign');
  const language = useLanguage();
  const isHydrated = useHydrated();
  const fragment = useSyncExternalStore(noSubscription, linkToken, () => null);
  // Verifying the address hands over a new token (to sign with); the page then reads that one.
  const [nextToken, setNextToken] = useState<string>();
  const token = nextToken ?? fragment;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // The token leaves the address bar (and so the history and a shared screen) once the page has it.
  useEffect(() => {
    if (fragment && window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, [fragment]);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void readLink(token, language).then((outcome) => {
      if (!isCurrent) return;
      if (outcome.kind === 'ok') setView({ kind: 'ready', answer: outcome.value });
      else if (outcome.kind === 'problem') setView({ kind: 'problem', problem: outcome.problem });
      else setView({ kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token, language, attempt]);

  const onProblem = useCallback((problem: AgreementLinkProblem) => setView({ kind: 'problem', problem }), []);
  const onDone = useCallback((done: { title: string; text: string }) => setView({ kind: 'done', ...done }), []);

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        <div className="panel-slot">
          {!isHydrated ? null : !token ? (
            <p className="form-panel">{t('noToken')}</p>
          ) : (
            <SignView
              view={view}
              token={token}
              onRetry={() => {
                setView({ kind: 'loading' });
                setAttempt((count) => count + 1);
              }}
              onProblem={onProblem}
              onDone={onDone}
              onSignToken={(signToken) => {
                setView({ kind: 'loading' });
                setNextToken(signToken);
              }}
            />
          )}
        </div>
      </Section>
    </>
  );
}

function SignView({
  view,
  token,
  onRetry,
  onProblem,
  onDone,
  onSignToken,
}: {
  view: View;
  token: string;
  onRetry: () => void;
  onProblem: (problem: AgreementLinkProblem) => void;
  onDone: (done: { title: string; text: string }) => void;
  onSignToken: (token: string) => void;
}) {
  const { t } = useTranslation('periodicGiftSign');
  const language = useLanguage();
  switch (view.kind) {
    case 'loading':
      return <p aria-busy="true">{t('loading')}</p>;
    case 'problem':
      return (
        <div className="form-panel form-panel--error" role="alert">
          <StepHeading>{t(`problems.${view.problem}`)}</StepHeading>
        </div>
      );
    case 'failed':
      return (
        <div className="form-panel form-panel--error" role="alert">
          <StepHeading>{t('failed')}</StepHeading>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      );
    case 'done':
      return (
        <div className="form-panel form-panel--success" role="status">
          <StepHeading>{view.title}</StepHeading>
          <p>{view.text}</p>
        </div>
      );
    case 'ready':
      break;
  }
  const { purpose, agreement, expectedSignerName, hasMonthlyGift } = view.answer;
  const events = { onProblem, onDone };
  switch (purpose) {
    case 'verify_email':
      return <VerifyStep token={token} language={language} onProblem={onProblem} onSignToken={onSignToken} />;
    case 'sign_donor':
    case 'sign_partner':
      return (
        <>
          <AgreementDocument agreement={agreement} language={language} />
          <SignStep
            token={token}
            language={language}
            agreement={agreement}
            expectedName={expectedSignerName ?? ''}
            isPartner={purpose === 'sign_partner'}
            {...events}
          />
        </>
      );
    case 'countersign':
      return (
        <>
          <AgreementDocument agreement={agreement} language={language} />
          <CountersignStep token={token} language={language} {...events} />
        </>
      );
    case 'start_debits':
      return (
        <StartStep
          token={token}
          language={language}
          agreement={agreement}
          hasMonthlyGift={hasMonthlyGift}
          onProblem={onProblem}
        />
      );
  }
}

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import {
  DONOR_LINK_PROBLEM_PARAM,
  DONOR_LINK_PROBLEMS,
  DONOR_LINK_TOKEN_FRAGMENT,
  DONOR_LINK_TURNSTILE_ACTION,
  type DonorLinkProblem,
} from '@stichting/contracts';
import { useHydrated } from '../../components/content/hooks';
import { LocalizedLink } from '../../components/LocalizedLink';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { ErrorPanel, SubmitButton, SuccessPanel, TextField, useFormSubmission } from '../../components/forms';
import { requestManageLink } from './api/requestManageLink';
import { MyGiftPanel } from './MyGiftPanel';

const EMPTY = { email: '' };

/** The manage link's token, read from the fragment once per page load (it is then removed from the address bar). */
let fragmentToken: string | null | undefined;
function linkToken(): string | null {
  fragmentToken ??= new URLSearchParams(window.location.hash.slice(1)).get(DONOR_LINK_TOKEN_FRAGMENT);
  return fragmentToken;
}
const noSubscription = () => () => {};

/**
 * Route table page "manageDonation" (docs/product.md §2.8, §7.10): a donor asks for a link to their own page. A manage
 * link lands here with its token in the fragment (`#manage=…`) and the page shows the gift ("My gift") with its
 * actions; a link that is not good lands with `?link=expired|invalid|unavailable` (or turns out so when the gift is
 * read), shown above the form. Both appear after hydration.
 */
export default function ManageDonationPage() {
  const { t } = useTranslation('manageDonation');
  const form = useFormSubmission({
    type: DONOR_LINK_TURNSTILE_ACTION,
    send: requestManageLink,
    initialValues: EMPTY,
    toFormData: (values) => values,
  });
  const [searchParams] = useSearchParams();
  // Prerendered without a query string: the notice appears once hydrated, like the thank-you page's amount.
  const isHydrated = useHydrated();
  // A link found expired or broken when the gift is read replaces the gift with the form to ask for a fresh one.
  const [readProblem, setReadProblem] = useState<DonorLinkProblem>();
  const onProblem = useCallback((found: DonorLinkProblem) => setReadProblem(found), []);
  const problem =
    readProblem ??
    (isHydrated ? DONOR_LINK_PROBLEMS.find((name) => name === searchParams.get(DONOR_LINK_PROBLEM_PARAM)) : undefined);
  const notice = useRef<HTMLParagraphElement>(null);
  const token = useSyncExternalStore(noSubscription, linkToken, () => null);

  // The token leaves the address bar (and so the history and a shared screen) once the page has it.
  useEffect(() => {
    if (token && window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, [token]);

  useEffect(() => {
    if (problem) notice.current?.focus();
  }, [problem]);

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      {token && !readProblem && (
        <Section>
          <MyGiftPanel token={token} onProblem={onProblem} />
        </Section>
      )}
      <Section>
        <div className="form-card form-card--narrow">
          {problem && (
            <p className="form-panel form-panel--error" role="status" tabIndex={-1} ref={notice}>
              {t(`problems.${problem}`)}
            </p>
          )}
          {form.status === 'success' ? (
            <SuccessPanel t={t} onAgain={form.startOver} />
          ) : (
            <>
              <h2 className="form-card__title">{t('form.title')}</h2>
              {form.problem && <ErrorPanel problem={form.problem} detailLabel={form.messages.detailLabel} />}
              <form className="form" {...form.formProps}>
                <TextField {...form.bind('email')} label={t('form.email')} required kind="email" autoComplete="email" />
                {form.turnstileContainer}
                <SubmitButton
                  label={t('form.submit')}
                  isBusy={form.isBusy}
                  busyLabel={form.busyLabel(t('form.sending'))}
                />
              </form>
            </>
          )}
        </div>
      </Section>
      <Section tone="muted" title={t('help.title')}>
        <p>{t('help.text')}</p>
        <LocalizedLink page="contact" className="button button--secondary">
          {t('help.link')}
        </LocalizedLink>
      </Section>
    </>
  );
}

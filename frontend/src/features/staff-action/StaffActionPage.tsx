import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ACTION_TOKEN_FRAGMENT } from '@stichting/contracts';
import { useHydrated } from '../../components/content/hooks';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { StatusLinkPanel } from './StatusLinkPanel';

/**
 * The fragment of the link that opened the page, read once per page load (then removed from the address bar). Each
 * kind of staff link has its own key (`#token=` for a status link); another kind of link adds its key and its panel.
 */
let fragment: URLSearchParams | undefined;
function linkFragment(): URLSearchParams {
  fragment ??= new URLSearchParams(window.location.hash.slice(1));
  return fragment;
}
const statusToken = () => linkFragment().get(STAFF_ACTION_TOKEN_FRAGMENT);
const noSubscription = () => () => {};

/**
 * Route table page "staffAction" (docs/product.md §4.10): where the links in staff emails land. Opening it changes
 * nothing, whoever opens it (a mail scanner opens every link): the page reads what the link would do with a POST and
 * shows it with a button; only that button changes anything. Prerendered without a token; the panel appears once
 * hydrated.
 */
export default function StaffActionPage() {
  const { t } = useTranslation('staffAction');
  const token = useSyncExternalStore(noSubscription, statusToken, () => null);
  const isHydrated = useHydrated();

  // The token leaves the address bar (and so the history and a shared screen) once the page has it.
  useEffect(() => {
    if (token && window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, [token]);

  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <Section>
        {token ? (
          <StatusLinkPanel token={token} />
        ) : (
          isHydrated && (
            <p className="form-panel form-panel--error" role="status">
              {t('noLink')}
            </p>
          )
        )}
      </Section>
    </>
  );
}

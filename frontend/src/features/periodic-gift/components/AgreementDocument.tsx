import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatEuro, LOCALE_TAGS, type AgreementView, type Language } from '@stichting/contracts';

/** The agreement's one-line summary: amounts, term, first year (in the page's language). */
export function useAgreementSummary(agreement: AgreementView, language: Language): string {
  const { t } = useTranslation('periodicGiftSign');
  return t('agreement.summary', {
    monthly: formatEuro(agreement.monthlyAmountCents / 100, language),
    yearly: formatEuro(agreement.yearlyAmountCents / 100, language),
    term:
      agreement.termYears === null
        ? t('agreement.termDeath')
        : t('agreement.termYears', { count: agreement.termYears }),
    firstYear: agreement.firstYear,
  });
}

/**
 * docs/product.md §4.9: the agreement in full as the signer reads it. The Dutch text is the legal one; for en and es a
 * reading translation stands beside it (below it on narrow screens), labelled as such. Then the signatures so far.
 */
export function AgreementDocument({ agreement, language }: { agreement: AgreementView; language: Language }) {
  const { t } = useTranslation('periodicGiftSign');
  const summary = useAgreementSummary(agreement, language);
  // The agreement opens the step: the signer starts reading at its title (docs/product.md §4.9).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const when = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  });
  return (
    <article className="agreement" aria-labelledby="agreement-title">
      <h2 id="agreement-title" tabIndex={-1} ref={title}>
        {t('agreement.title', { transactionNumber: agreement.transactionNumber })}
      </h2>
      <p className="agreement__summary">{summary}</p>
      <div className={agreement.readingTranslation ? 'agreement__columns' : undefined}>
        <section className="agreement__text" lang="nl" aria-labelledby="agreement-dutch">
          <h3 id="agreement-dutch">{t('agreement.dutch')}</h3>
          {agreement.dutchText.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
        {agreement.readingTranslation && (
          <section className="agreement__text agreement__translation" aria-labelledby="agreement-translation">
            <h3 id="agreement-translation">{t('agreement.translation')}</h3>
            <p className="agreement__note">{t('agreement.translationNote')}</p>
            {agreement.readingTranslation.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        )}
      </div>
      <section aria-labelledby="agreement-signatures">
        <h3 id="agreement-signatures">{t('agreement.signatures')}</h3>
        {agreement.signatures.length === 0 ? (
          <p>{t('agreement.noSignatures')}</p>
        ) : (
          <ul className="agreement__signatures">
            {agreement.signatures.map((signature) => (
              <li key={`${signature.role}-${signature.signedAt}`}>
                {t('agreement.signature', {
                  role: t(`agreement.role.${signature.role}`),
                  name: signature.signerFunction
                    ? `${signature.signerName} (${signature.signerFunction})`
                    : signature.signerName,
                  method: t(`agreement.method.${signature.method}`),
                  date: when.format(new Date(signature.signedAt)),
                })}
              </li>
            ))}
          </ul>
        )}
        <p className="agreement__hash">{t('agreement.documentHash', { hash: agreement.documentSha256 })}</p>
      </section>
    </article>
  );
}

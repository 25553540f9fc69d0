import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DonorLinkProblem, Language } from '@stichting/contracts';
import { saveFile } from '../../components/saveFile';
import { fetchStatement, readStatementYears } from './api/statementApi';

type Years = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; years: number[] };
type Failure = { year: number; message: 'noGifts' | 'busy' | 'failed' };

/**
 * docs/product.md §7.10: the yearly statement of each calendar year with gifts, downloaded from the donor's own page
 * (the same PDF as the yearly statement email, §7.9). An expired or broken link hands over to the "ask for a fresh
 * link" form (`onProblem`).
 */
export function StatementDownloads({
  token,
  language,
  onProblem,
}: {
  token: string;
  language: Language;
  onProblem: (problem: DonorLinkProblem) => void;
}) {
  const { t } = useTranslation('manageDonation');
  const [years, setYears] = useState<Years>({ kind: 'loading' });
  const [busyYear, setBusyYear] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void readStatementYears(token, language).then((outcome) => {
      if (!isCurrent) return;
      if (outcome.kind === 'ok') setYears({ kind: 'ready', years: outcome.value });
      else if (outcome.kind === 'problem') onProblem(outcome.problem);
      else setYears({ kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [token, language, onProblem]);

  const download = async (year: number) => {
    if (busyYear !== null) return;
    setBusyYear(year);
    setFailure(null);
    const outcome = await fetchStatement(token, language, year);
    setBusyYear(null);
    if (outcome.kind === 'ok') {
      saveFile(outcome.value.file, outcome.value.fileName ?? `${t('gift.statement.fileName', { year })}.pdf`);
    } else if (outcome.kind === 'problem') {
      onProblem(outcome.problem);
    } else {
      setFailure({ year, message: outcome.kind === 'no-gifts' ? 'noGifts' : outcome.kind });
    }
  };

  return (
    <section className="my-gift__statements" aria-labelledby="my-gift-statements">
      <h3 id="my-gift-statements">{t('gift.statement.title')}</h3>
      {years.kind === 'loading' && <p aria-busy="true">{t('gift.statement.loading')}</p>}
      {years.kind === 'failed' && <p>{t('gift.statement.loadFailed')}</p>}
      {years.kind === 'ready' &&
        (years.years.length === 0 ? (
          <p>{t('gift.statement.none')}</p>
        ) : (
          <>
            <p>{t('gift.statement.intro')}</p>
            <ul className="my-gift__statement-years">
              {years.years.map((year) => (
                <li key={year}>
                  <button
                    type="button"
                    className="button button--secondary"
                    // Not `disabled`: the button keeps the keyboard focus while the file is on its way.
                    aria-disabled={busyYear !== null}
                    aria-busy={busyYear === year}
                    onClick={() => void download(year)}
                  >
                    {t(busyYear === year ? 'gift.statement.downloading' : 'gift.statement.download', { year })}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ))}
      {failure && (
        <p className="form-panel form-panel--error" role="alert">
          {t(`gift.statement.${failure.message}`, { year: failure.year })}
        </p>
      )}
    </section>
  );
}

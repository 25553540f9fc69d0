import { FOUNDATION_EXAMPLE_FIELDS } from '@stichting/contracts';
import { useTranslation } from '../../i18n/react';

/**
 * While foundation.json still holds the shipped example facts (a development or test build: production refuses to
 * start with them), every page says so above the header, in the page's language, so nobody mistakes the example
 * bank details and registration numbers for real ones. In the page's flow, so it covers nothing.
 */
export function ExampleDataRibbon() {
  const { t } = useTranslation();
  if (FOUNDATION_EXAMPLE_FIELDS.length === 0) return null;
  return (
    <aside className="example-ribbon" aria-label={t('exampleData.label')} data-testid="example-data-ribbon">
      <p className="container example-ribbon__text">{t('exampleData.text')}</p>
    </aside>
  );
}

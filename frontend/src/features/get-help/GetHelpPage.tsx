import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';

/** Route table page "getHelp" (spec §2). Strings: src/locales/<lng>/getHelp.json. Content comes in a later issue. */
export default function GetHelpPage() {
  const { t } = useTranslation('getHelp');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/PageHero';
import { SponsorBanner } from '../../components/SponsorBanner';

/** Route table page "projects" (spec §2). Strings: src/locales/<lng>/projects.json. Content comes in a later issue. */
export default function ProjectsPage() {
  const { t } = useTranslation('projects');
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />
      <SponsorBanner />
    </>
  );
}

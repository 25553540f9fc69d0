import { useTranslation } from '../../i18n/react';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { LinkedInIcon } from '../../components/icons';
import { BOARD_MEMBERS, type BoardMember } from '../../components/content/boardMembers';
import { ContentIcon, type ContentIconName } from '../../components/content/ContentIcons';
import '../../styles/content.css';

const VALUE_ICONS: readonly ContentIconName[] = ['handshake', 'shield', 'sprout', 'compass'];

function MemberCard({ member }: { member: BoardMember }) {
  const { t } = useTranslation('team');
  return (
    <li className="card member-card" data-testid={`member-${member.id}`}>
      <span className="member-card__avatar" aria-hidden="true">
        {member.name.charAt(0)}
      </span>
      <div>
        <h3 className="card__title">{member.name}</h3>
        <p className="member-card__role">{t(`members.${member.id}.role`)}</p>
        <p className="card__text">{t(`members.${member.id}.bio`)}</p>
        <div className="member-card__links">
          {member.email && (
            <a href={`mailto:${member.email}`} className="icon-link">
              <ContentIcon name="mail" size={20} />
              {t('members.mail', { name: member.name })}
            </a>
          )}
          {member.linkedin && (
            <a
              href={member.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className="icon-link"
              aria-label={t('members.profile', { name: member.name })}
            >
              <LinkedInIcon />
              {t('members.profileLabel')}
            </a>
          )}
        </div>
      </div>
    </li>
  );
}

/** Route table page "team" (docs/product.md §2). Strings: src/locales/<lng>/team.json; people: components/content/boardMembers. */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const values = t('values.items', { returnObjects: true });
  return (
    <>
      <PageHero title={t('title')} text={t('intro')} />

      <Section id="members" eyebrow={t('members.badge')} title={t('members.title')}>
        <p className="section-intro">{t('members.description')}</p>
        <ul className="card-grid card-grid--2" role="list">
          {BOARD_MEMBERS.map((member) => (
            <MemberCard key={member.id} member={member} />
          ))}
        </ul>
      </Section>

      <Section id="values" tone="muted" eyebrow={t('values.eyebrow')} title={t('values.title')}>
        <ul className="card-grid card-grid--4" role="list">
          {values.map((value, index) => (
            <li key={value.title} className="card value-card">
              <ContentIcon name={VALUE_ICONS[index] ?? 'heart'} className="card__icon" />
              <h3 className="card__title">{value.title}</h3>
              <p className="card__text">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

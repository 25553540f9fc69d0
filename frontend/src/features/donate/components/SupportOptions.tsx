import { useTranslation } from '../../../i18n/react';
import { LocalizedLink } from '../../../components/LocalizedLink';
import { Section } from '../../../components/Section';
import { SUPPORT_CARD_GROUPS, type ContactCardId, type SupportCard } from '../donation-options';
import { DonateIcon } from './DonateIcons';

function SupportCardLink({ card }: { card: SupportCard }) {
  const { t } = useTranslation('donate');
  if ('page' in card) {
    return (
      <LocalizedLink page={card.page} className="button button--secondary support-card__button">
        {t(`support.cards.${card.id}.button`)}
      </LocalizedLink>
    );
  }
  const id: ContactCardId = card.id;
  // docs/product.md §2: the contact form opens with subject and message pre-filled in the page's language.
  const search = `?${new URLSearchParams({
    subject: t(`support.cards.${id}.subject`),
    message: t(`support.cards.${id}.message`),
  }).toString()}`;
  return (
    <LocalizedLink page="contact" search={search} className="button button--secondary support-card__button">
      {t(`support.cards.${id}.button`)}
    </LocalizedLink>
  );
}

/** docs/product.md §2 "other ways to support": two groups of cards. */
export function SupportOptions() {
  const { t } = useTranslation('donate');
  return (
    <Section id="other-ways" eyebrow={t('support.eyebrow')} title={t('support.title')}>
      <p className="support-options__intro">{t('support.intro')}</p>
      {SUPPORT_CARD_GROUPS.map((group) => (
        <div key={group.id} className="support-options__group">
          <h3 className="support-options__group-title">{t(`support.groups.${group.id}`)}</h3>
          <ul className="support-options__cards">
            {group.cards.map((card) => (
              <li key={card.id} className="support-card">
                <span className="support-card__icon">
                  <DonateIcon name={card.icon} />
                </span>
                <h4 className="support-card__title">{t(`support.cards.${card.id}.title`)}</h4>
                <p className="support-card__description">{t(`support.cards.${card.id}.description`)}</p>
                <SupportCardLink card={card} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

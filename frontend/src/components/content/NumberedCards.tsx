import { ContentIcon, type ContentIconName } from './ContentIcons';
import '../../styles/content.css';

export interface NumberedItem {
  title: string;
  description: string;
}

interface NumberedCardsProps {
  items: readonly NumberedItem[];
  /** One icon per item, in order (decorative). */
  icons?: readonly ContentIconName[];
  testId?: string;
}

/** An ordered list of cards, each with its number: approach steps (about), activities (ANBI). */
export function NumberedCards({ items, icons, testId }: NumberedCardsProps) {
  return (
    <ol className="numbered-cards" data-testid={testId}>
      {items.map((item, index) => (
        <li key={item.title} className="card numbered-cards__item">
          <div className="numbered-cards__head">
            <span className="numbered-cards__number" aria-hidden="true">
              {index + 1}
            </span>
            {icons?.[index] && <ContentIcon name={icons[index]} className="numbered-cards__icon" />}
          </div>
          <h3 className="card__title">{item.title}</h3>
          <p className="card__text">{item.description}</p>
        </li>
      ))}
    </ol>
  );
}

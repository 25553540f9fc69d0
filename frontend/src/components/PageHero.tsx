import type { ReactNode } from 'react';
import type { PageId } from '@stichting/contracts';
import { LocalizedLink } from './LocalizedLink';

export interface HeroAction {
  page: PageId;
  label: string;
  variant?: 'primary' | 'secondary';
  search?: string;
}

interface PageHeroProps {
  /** The page's h1. */
  title: string;
  text?: string;
  actions?: HeroAction[];
  /** Extra content under the text (a note, a badge line). */
  children?: ReactNode;
}

/** The top of every page: the page's only h1, an intro and optional buttons to other pages. */
export function PageHero({ title, text, actions = [], children }: PageHeroProps) {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <h1 className="hero__title">{title}</h1>
        {text && <p className="hero__text">{text}</p>}
        {children}
        {actions.length > 0 && (
          <div className="button-row">
            {actions.map((action) => (
              <LocalizedLink
                key={action.page + action.label}
                page={action.page}
                search={action.search}
                className={`button button--${action.variant ?? 'primary'}`}
              >
                {action.label}
              </LocalizedLink>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

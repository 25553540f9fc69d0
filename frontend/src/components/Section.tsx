import { useId, type ReactNode } from 'react';

interface SectionProps {
  /** Rendered as the section's h2 and its accessible name. */
  title?: string;
  /** Short line above the title. */
  eyebrow?: string;
  id?: string;
  tone?: 'plain' | 'muted' | 'accent';
  children: ReactNode;
}

/** A content band of a page: constrained width, vertical rhythm, optional h2. */
export function Section({ title, eyebrow, id, tone = 'plain', children }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={title ? headingId : undefined}>
      <div className="container">
        {eyebrow && <p className="section__eyebrow">{eyebrow}</p>}
        {title && (
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
        )}
        {children}
      </div>
    </section>
  );
}

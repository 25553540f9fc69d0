import { Link, NavLink, type LinkProps } from 'react-router';
import { ROUTES, type Language, type PageId } from '@stichting/contracts';
import { useLanguage } from './useLanguage';

export type LocalizedLinkProps = Omit<LinkProps, 'to'> & {
  /** The page of the route table to link to; the slug follows the current (or given) language. */
  page: PageId;
  language?: Language;
  /** Query string, e.g. "?subject=..." for the contact page. */
  search?: string;
  hash?: string;
};

/** A link to a page of the route table in the current language: `<LocalizedLink page="donate">`. */
export function LocalizedLink({ page, language, search, hash, ...rest }: LocalizedLinkProps) {
  const current = useLanguage();
  return <Link to={{ pathname: ROUTES[page][language ?? current], search, hash }} {...rest} />;
}

/** The navigation variant: marks the current page with aria-current="page". */
export function LocalizedNavLink({ page, className, ...rest }: Omit<LocalizedLinkProps, 'search' | 'hash'>) {
  const language = useLanguage();
  return (
    <NavLink
      to={ROUTES[page][language]}
      end
      className={({ isActive }) => [className, isActive ? 'is-active' : ''].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}

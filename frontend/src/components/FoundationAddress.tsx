import { FOUNDATION } from '@stichting/contracts';

/** The foundation's postal address, the country named in the page's language (the contact page, paper signatures). */
export function FoundationAddress({ country, className }: { country: string; className?: string }) {
  const { street, postalCode, city } = FOUNDATION.address;
  return (
    <address className={className}>
      {FOUNDATION.name}
      <br />
      {street}
      <br />
      {postalCode} {city}
      <br />
      {country}
    </address>
  );
}

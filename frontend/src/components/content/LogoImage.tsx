import { useCallback, useState } from 'react';
import '../../styles/content.css';

interface LogoImageProps {
  src: string;
  /** The organisation's name: the image's alt text, and the text shown instead when the logo fails to load. */
  name: string;
}

/** A 320x48 logo (docs/product.md §3); docs/product.md §4: a logo that fails to load is replaced by the name as text. */
export function LogoImage({ src, name }: LogoImageProps) {
  const [hasFailed, setFailed] = useState(false);
  // An image that already failed before hydration fired its error event before the page's script listened.
  const checkAlreadyFailed = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  if (hasFailed) {
    return (
      <span className="logo-fallback" data-testid="logo-fallback">
        {name}
      </span>
    );
  }
  return (
    <img
      ref={checkAlreadyFailed}
      src={src}
      alt={name}
      width={320}
      height={48}
      loading="lazy"
      decoding="async"
      className="logo-image"
      onError={() => setFailed(true)}
    />
  );
}

import '../../styles/content.css';

interface ContentImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /**
   * Above the fold: load at once, at high priority (ahead of the scripts; often the page's largest paint).
   * Everything else loads lazily (docs/product.md §3 image catalogue).
   */
  eager?: boolean;
  className?: string;
}

/** One of the site's own images (frontend/public/images), always with its intrinsic size so nothing shifts. */
export function ContentImage({ src, alt, width, height, eager = false, className }: ContentImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={['content-image', className].filter(Boolean).join(' ')}
    />
  );
}

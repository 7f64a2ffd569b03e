import { useState } from 'react';

/**
 * A product photo from the shop's own host. One that does not load (a host this browser cannot
 * reach, a photo removed) leaves an empty frame of the same size instead of a broken-image sign.
 */
export function Photo({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | undefined>();
  const frame = `${className ?? ''} photo`.trim();
  if (failed === src)
    return alt ? (
      <span className={`${frame} no-photo`} role="img" aria-label={alt} />
    ) : (
      <span className={`${frame} no-photo`} />
    );
  return <img className={frame} src={src} alt={alt} loading="lazy" onError={() => setFailed(src)} />;
}

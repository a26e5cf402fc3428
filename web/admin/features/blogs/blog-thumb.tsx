import { useState } from 'react';

/**
 * A post's cover in the table, small: the 600 px copy that the shop's own pictures have beside
 * them (`x-600.webp`), or the picture itself when there is none (a link from elsewhere).
 */
export function BlogThumb({ url }: { url: string }) {
  const small = /\/media\/.+\.webp$/.test(url) ? url.replace(/\.webp$/, '-600.webp') : url;
  const [src, setSrc] = useState(small);
  return (
    <img
      className="blog-thumb"
      src={src}
      alt=""
      loading="lazy"
      onError={() => {
        if (src !== url) setSrc(url);
      }}
    />
  );
}

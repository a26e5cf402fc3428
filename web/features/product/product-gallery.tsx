import { useRef, useState } from 'react';
import type { ApiImage } from '../../../shared/api-types';
import { CloseIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';
import { fallbackImage, responsiveImage } from '../../lib/images';

/**
 * The product's pictures: a main image with thumbnails. On a desktop, hovering (or focusing) the
 * main image shows a 600 x 380 magnified view that follows the pointer; a tap or
 * click opens the picture at full size in a dialog, which is how phones get a closer look.
 */
export function ProductGallery({ images, title }: { images: readonly ApiImage[]; title: string }) {
  const t = useT();
  const list = images.length > 0 ? images : [{ url: fallbackImage, width: 400, height: 400 }];
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const current = list[Math.min(index, list.length - 1)] ?? list[0]!;
  const main = responsiveImage(current, 400);
  const alt = current.alt || title;

  return (
    <div className="gallery">
      <div className="gallery-main">
        <button
          type="button"
          className="gallery-main-button"
          aria-label={t('product.gallery.enlarge', { name: alt })}
          onClick={() => dialog.current?.showModal()}
          onPointerMove={(event) => {
            if (event.pointerType !== 'mouse') return;
            const box = event.currentTarget.getBoundingClientRect();
            setZoom({
              x: Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)),
              y: Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100)),
            });
          }}
          onPointerLeave={() => setZoom(null)}
          onFocus={(event) => {
            if (event.currentTarget.matches(':focus-visible')) setZoom({ x: 50, y: 50 });
          }}
          onBlur={() => setZoom(null)}
        >
          <img
            className="gallery-main-image"
            src={main.src}
            srcSet={main.srcSet}
            sizes="(min-width: 1024px) 560px, (min-width: 768px) 45vw, 100vw"
            width={main.width}
            height={main.height}
            alt={alt}
            fetchPriority="high"
            decoding="async"
          />
        </button>
        {zoom && (
          <div
            className="gallery-zoom"
            aria-hidden="true"
            style={{
              backgroundImage: `url("${current.url}")`,
              backgroundPosition: `${zoom.x}% ${zoom.y}%`,
            }}
          />
        )}
      </div>
      {list.length > 1 && (
        <ul className="gallery-thumbs" aria-label={t('product.gallery.more')}>
          {list.map((image, i) => {
            const thumb = responsiveImage(image, 400);
            return (
              <li key={image.url}>
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-label={t('product.gallery.show', { number: i + 1, total: list.length })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <img
                    src={thumb.src}
                    width={thumb.width}
                    height={thumb.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <dialog ref={dialog} className="gallery-dialog" aria-label={alt}>
        <form method="dialog" className="gallery-dialog-bar">
          <button type="submit" className="gallery-dialog-close" aria-label={t('product.gallery.close')}>
            <CloseIcon />
          </button>
        </form>
        <img
          className="gallery-dialog-image"
          src={current.url}
          width={current.width ?? 800}
          height={current.height ?? 800}
          alt={alt}
          loading="lazy"
          decoding="async"
        />
      </dialog>
    </div>
  );
}

import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { marqueeBrands } from './home-content';

/**
 * Eight brand logos gliding past (CSS animation; still under reduced motion, paused on hover and
 * focus). The row is drawn twice for a seamless loop; the copy is hidden from assistive technology
 * and the keyboard.
 */
export function BrandMarquee() {
  const t = useT();
  const row = (copy: boolean) => (
    <ul className="marquee-row" aria-hidden={copy || undefined}>
      {marqueeBrands.map((brand) => (
        <li key={brand.slug}>
          <Link
            href={`/product?${new URLSearchParams({ brand: brand.name })}`}
            className="marquee-logo"
            tabIndex={copy ? -1 : undefined}
          >
            <img
              src={`/media/brands/${brand.slug}.webp`}
              width={240}
              height={120}
              alt={copy ? '' : t('home.brands.logo', { brand: brand.name })}
              loading="lazy"
              decoding="async"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="home-section marquee" aria-labelledby="marquee-title">
      <h2 id="marquee-title" className="visually-hidden">
        {t('home.brands.title')}
      </h2>
      <div className="marquee-viewport">
        <div className="marquee-track">
          {row(false)}
          {row(true)}
        </div>
      </div>
    </section>
  );
}

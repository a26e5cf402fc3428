import { Link } from 'wouter';
import { useT } from '../../i18n/i18n';
import { categoryBanners } from './home-content';

/** Four small banners beside (or under) the main one, each opening the store on its category. */
export function CategoryBanners() {
  const t = useT();
  return (
    <ul className="category-banners" aria-label={t('home.banner.label')}>
      {categoryBanners(t).map((banner) => (
        <li key={banner.href}>
          <Link href={banner.href} className="category-banner">
            <span className="category-banner-copy">
              <span className="category-banner-eyebrow">{banner.eyebrow}</span>
              <span className="category-banner-title">{banner.title}</span>
              <span className="category-banner-text">{banner.text}</span>
            </span>
            <img
              className="category-banner-image"
              src={banner.picture.src}
              width={400}
              height={400}
              alt=""
              loading="lazy"
              decoding="async"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

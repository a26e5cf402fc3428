import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ApiProduct } from '../../shared/api-types';
import { useRouteData } from '../app/route-context';
import { ProductCard } from '../features/catalog/product-card';
import { BlogTeaser } from '../features/home/blog-teaser';
import { BrandMarquee } from '../features/home/brand-marquee';
import { CategoryBanners } from '../features/home/category-banners';
import { FamousCarousel } from '../features/home/famous-carousel';
import { HeroCarousel } from '../features/home/hero-carousel';
import type { HomeData, Section } from '../features/home/home-data';
import { ServicesStrip } from '../features/home/services-strip';
import { SpecialProductCard } from '../features/home/special-product-card';
import { useErrorText } from '../i18n/errors';
import { useT } from '../i18n/i18n';
import { useHydrated } from '../lib/use-hydrated';
import './home-page.css';

function HomeSection<T>({
  id,
  title,
  more,
  section,
  empty,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  section: Section<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  const failure = section.ok ? null : errorText(section.message);
  return (
    <section className="home-section" aria-labelledby={`${id}-title`}>
      <div className="home-section-head">
        <h2 id={`${id}-title`} className="home-section-title">
          {title}
        </h2>
        {more && (
          <Link href={more.href} className="home-section-more">
            {more.label}
          </Link>
        )}
      </div>
      {!section.ok ? (
        <p className="home-section-message" role="alert">
          {t('home.section.failed')}{' '}
          <span lang={failure?.lang}>{failure?.text || t('common.somethingWrong')}</span>
        </p>
      ) : section.data.length === 0 ? (
        <p className="home-section-message">{empty}</p>
      ) : (
        children(section.data)
      )}
    </section>
  );
}

const productGrid = (products: ApiProduct[]) => (
  <ul className="home-grid">
    {products.map((product) => (
      <li key={product._id}>
        <ProductCard product={product} />
      </li>
    ))}
  </ul>
);

/** Home: banners, services, collections, famous items, brands and blogs. */
export default function HomePage() {
  const t = useT();
  const data = useRouteData<HomeData>();
  const hydrated = useHydrated();
  return (
    // data-ready: hydrated, for tests that must not click before the page is interactive.
    <div className="home" data-ready={hydrated ? '' : undefined}>
      <div className="container">
        <h1 className="home-heading">{t('home.meta.title')}</h1>
        <div className="home-hero">
          <HeroCarousel />
          <CategoryBanners />
        </div>
        <ServicesStrip />

        <HomeSection
          id="featured"
          title={t('home.featured.title')}
          more={{ href: '/product?tags=featured', label: t('home.viewAll') }}
          section={data.featured}
          empty={t('home.featured.empty')}
        >
          {productGrid}
        </HomeSection>

        <FamousCarousel />

        <HomeSection
          id="special"
          title={t('home.special.title')}
          more={{ href: '/product?tags=special', label: t('home.viewAll') }}
          section={data.special}
          empty={t('home.special.empty')}
        >
          {(products) => (
            <ul className="special-grid">
              {products.map((product) => (
                <li key={product._id}>
                  <SpecialProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </HomeSection>

        <HomeSection
          id="popular"
          title={t('home.popular.title')}
          more={{ href: '/product?tags=popular', label: t('home.viewAll') }}
          section={data.popular}
          empty={t('home.popular.empty')}
        >
          {productGrid}
        </HomeSection>

        <BrandMarquee />

        <HomeSection
          id="blogs"
          title={t('home.blogs.title')}
          more={{ href: '/blogs', label: t('home.blogs.all') }}
          section={data.blogs}
          empty={t('home.blogs.empty')}
        >
          {(blogs) => (
            <ul className="blog-teasers">
              {blogs.map((blog) => (
                <li key={blog._id}>
                  <BlogTeaser blog={blog} />
                </li>
              ))}
            </ul>
          )}
        </HomeSection>
      </div>
    </div>
  );
}

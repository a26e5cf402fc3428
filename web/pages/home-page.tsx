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
          We couldn't load this section: {section.message}
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
  const data = useRouteData<HomeData>();
  const hydrated = useHydrated();
  return (
    // data-ready: hydrated, for tests that must not click before the page is interactive.
    <div className="home" data-ready={hydrated ? '' : undefined}>
      <div className="container">
        <h1 className="home-heading">
          Bharat Bazaar: online shopping for electronics, appliances and fashion
        </h1>
        <div className="home-hero">
          <HeroCarousel />
          <CategoryBanners />
        </div>
        <ServicesStrip />

        <HomeSection
          id="featured"
          title="Featured Collection"
          more={{ href: '/product?tags=featured', label: 'View all' }}
          section={data.featured}
          empty="New featured products are on their way."
        >
          {productGrid}
        </HomeSection>

        <FamousCarousel />

        <HomeSection
          id="special"
          title="Special Products"
          more={{ href: '/product?tags=special', label: 'View all' }}
          section={data.special}
          empty="No special offers right now. Come back tomorrow!"
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
          title="Our Popular Products"
          more={{ href: '/product?tags=popular', label: 'View all' }}
          section={data.popular}
          empty="Popular products will show here soon."
        >
          {productGrid}
        </HomeSection>

        <BrandMarquee />

        <HomeSection
          id="blogs"
          title="Our Latest Blogs"
          more={{ href: '/blogs', label: 'All posts' }}
          section={data.blogs}
          empty="Our first blog posts are on their way."
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

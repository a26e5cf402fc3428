import { Link } from 'wouter';
import { useLocalized } from '../../i18n/content';
import { Trans, useLocale } from '../../i18n/i18n';
import { responsiveImage } from '../../lib/images';
import type { HomeBlog } from './home-data';

/** A blog post on the home page: cover, date ('January 1st 2024, 1:00 pm'), title, 100-character excerpt. */
export function BlogTeaser({ blog }: { blog: HomeBlog }) {
  const locale = useLocale();
  const localized = useLocalized();
  const title = localized(blog, 'title');
  const text = localized(blog, 'excerpt');
  const href = `/blog/${blog.slug || blog._id}`;
  const cover = responsiveImage(blog.images[0], 600);
  return (
    <article className="blog-teaser">
      <img
        className="blog-teaser-image"
        src={cover.src}
        srcSet={cover.srcSet}
        sizes="(min-width: 1200px) 300px, (min-width: 768px) 45vw, 100vw"
        width={cover.width}
        height={cover.height}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="blog-teaser-body">
        <p className="blog-teaser-date">
          <time dateTime={blog.createdAt}>{blog.date[locale]}</time>
        </p>
        <h3 className="blog-teaser-title">
          <Link href={href} lang={title.lang}>
            {title.text}
          </Link>
        </h3>
        <p className="blog-teaser-excerpt" lang={text.lang}>
          {text.text}
        </p>
        <Link href={href} className="blog-teaser-more">
          <Trans
            id="home.blog.more"
            values={{ title: title.text }}
            components={{ 0: <span className="visually-hidden" /> }}
          />
        </Link>
      </div>
    </article>
  );
}

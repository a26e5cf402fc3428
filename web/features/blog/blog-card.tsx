import { Link } from 'wouter';
import type { ApiBlog } from '../../../shared/api-types';
import { useLocalized } from '../../i18n/content';
import { useLocale, useT } from '../../i18n/i18n';
import { formatPostedAt } from '../../lib/dates';
import { responsiveImage } from '../../lib/images';
import { excerpt, htmlToText } from '../../lib/text';
import './blog.css';

export const blogHref = (blog: Pick<ApiBlog, '_id' | 'slug'>) => `/blog/${blog.slug || blog._id}`;

/**
 * A post in a list: cover, date, title, the first 100 characters of its text and 'Read more', in
 * the page's language where the post is translated.
 */
export function BlogCard({
  blog,
  headingLevel = 2,
  priority = false,
}: {
  blog: ApiBlog;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const localize = useLocalized();
  const Heading = `h${headingLevel}` as const;
  const image = responsiveImage(blog.images[0], 600);
  const href = blogHref(blog);
  const title = localize(blog, 'title');
  const body = localize(blog, 'description');
  return (
    <article className="blog-card">
      <img
        className="blog-card-image"
        src={image.src}
        srcSet={image.srcSet}
        sizes="(min-width: 1100px) 340px, (min-width: 768px) 45vw, 100vw"
        width={image.width}
        height={image.height}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
      <div className="blog-card-body">
        <p className="blog-card-meta">
          <time dateTime={blog.createdAt}>{formatPostedAt(blog.createdAt, locale)}</time>
        </p>
        <Heading className="blog-card-title" lang={title.lang}>
          <Link href={href}>{title.text}</Link>
        </Heading>
        <p className="blog-card-excerpt" lang={body.lang}>
          {excerpt(htmlToText(body.text), 100)}
        </p>
        <Link
          href={href}
          className="blog-card-more"
          aria-label={t('blog.readMoreAbout', { title: title.text })}
        >
          {t('blog.readMore')} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

import { Link } from 'wouter';
import type { ApiBlog } from '../../../shared/api-types';
import { formatPostedAt } from '../../lib/dates';
import { responsiveImage } from '../../lib/images';
import { excerpt, htmlToText } from '../../lib/text';
import './blog.css';

export const blogHref = (blog: Pick<ApiBlog, '_id' | 'slug'>) => `/blog/${blog.slug || blog._id}`;

/** A post in a list: cover, date, title, the first 100 characters of its text and 'Read more'. */
export function BlogCard({
  blog,
  headingLevel = 2,
  priority = false,
}: {
  blog: ApiBlog;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const image = responsiveImage(blog.images[0], 600);
  const href = blogHref(blog);
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
          <time dateTime={blog.createdAt}>{formatPostedAt(blog.createdAt)}</time>
        </p>
        <Heading className="blog-card-title">
          <Link href={href}>{blog.title}</Link>
        </Heading>
        <p className="blog-card-excerpt">{excerpt(htmlToText(blog.description), 100)}</p>
        <Link href={href} className="blog-card-more" aria-label={`Read more: ${blog.title}`}>
          Read more <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

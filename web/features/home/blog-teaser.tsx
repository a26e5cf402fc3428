import { Link } from 'wouter';
import { responsiveImage } from '../../lib/images';
import type { HomeBlog } from './home-data';

/** A blog post on the home page: cover, date ('January 1st 2024, 1:00 pm'), title, 100-character excerpt. */
export function BlogTeaser({ blog }: { blog: HomeBlog }) {
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
          <time dateTime={blog.createdAt}>{blog.date}</time>
        </p>
        <h3 className="blog-teaser-title">
          <Link href={href}>{blog.title}</Link>
        </h3>
        <p className="blog-teaser-excerpt">{blog.excerpt}</p>
        <Link href={href} className="blog-teaser-more">
          Read more<span className="visually-hidden">: {blog.title}</span>
        </Link>
      </div>
    </article>
  );
}

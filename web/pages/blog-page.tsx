import { Link } from 'wouter';
import type { ApiBlog } from '../../shared/api-types';
import { useRouteData } from '../app/route-context';
import '../features/blog/blog.css';
import { formatPostedAt } from '../lib/dates';
import { responsiveImage } from '../lib/images';

export default function BlogPage() {
  const blog = useRouteData<ApiBlog>();
  const image = responsiveImage(blog.images[0], 600);
  return (
    <article className="blog-post">
      <Link href="/blogs" className="blog-back">
        ← Back to blogs
      </Link>
      <header className="blog-post-header">
        {blog.category && <p className="eyebrow">{blog.category}</p>}
        <h1>{blog.title}</h1>
        <p className="blog-post-meta">
          <time dateTime={blog.createdAt}>{formatPostedAt(blog.createdAt)}</time>
          {blog.author && <span>By {blog.author}</span>}
        </p>
      </header>
      <img
        className="blog-post-image"
        src={image.src}
        srcSet={image.srcSet}
        sizes="(min-width: 800px) 768px, 100vw"
        width={image.width}
        height={image.height}
        alt={image.alt}
        fetchPriority="high"
        decoding="async"
      />
      <div
        className="blog-post-body"
        // The API sanitizes blog HTML on write and again when it presents it (server/lib/html.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server, see above.
        dangerouslySetInnerHTML={{ __html: blog.description }}
      />
      <footer className="blog-post-footer">
        <Link href="/blogs" className="button button--ghost">
          ← Back to blogs
        </Link>
      </footer>
    </article>
  );
}

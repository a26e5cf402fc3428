import { Link } from 'wouter';
import type { ApiBlog } from '../../shared/api-types';
import { defaultLocale } from '../../shared/locales';
import { useRouteData } from '../app/route-context';
import '../features/blog/blog.css';
import { useLocalized } from '../i18n/content';
import { useLocale, useT } from '../i18n/i18n';
import { formatPostedAt } from '../lib/dates';
import { responsiveImage } from '../lib/images';

export default function BlogPage() {
  const blog = useRouteData<ApiBlog>();
  const t = useT();
  const locale = useLocale();
  const localize = useLocalized();
  const image = responsiveImage(blog.images[0], 600);
  const title = localize(blog, 'title');
  const body = localize(blog, 'description');
  return (
    <article className="blog-post">
      <Link href="/blogs" className="blog-back">
        {t('blog.back')}
      </Link>
      <header className="blog-post-header">
        {blog.category && (
          <p className="eyebrow" lang={locale === defaultLocale ? undefined : defaultLocale}>
            {blog.category}
          </p>
        )}
        <h1 lang={title.lang}>{title.text}</h1>
        <p className="blog-post-meta">
          <time dateTime={blog.createdAt}>{formatPostedAt(blog.createdAt, locale)}</time>
          {blog.author && <span>{t('blog.by', { author: blog.author })}</span>}
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
        lang={body.lang}
        // The API sanitizes blog HTML, its translations' too, on write and again when it presents
        // it (server/lib/html.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server, see above.
        dangerouslySetInnerHTML={{ __html: body.text }}
      />
      <footer className="blog-post-footer">
        <Link href="/blogs" className="button button--ghost">
          {t('blog.back')}
        </Link>
      </footer>
    </article>
  );
}

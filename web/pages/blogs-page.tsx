import { Link } from 'wouter';
import type { ApiBlog } from '../../shared/api-types';
import { useRouteData } from '../app/route-context';
import { BlogCard } from '../features/blog/blog-card';
import { useT } from '../i18n/i18n';
import './content-page.css';

export default function BlogsPage() {
  const blogs = useRouteData<ApiBlog[]>();
  const t = useT();
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">{t('blog.list.eyebrow')}</p>
        <h1>{t('blog.list.title')}</h1>
        <p className="content-lead">{t('blog.list.lead')}</p>
      </header>
      {blogs.length === 0 ? (
        <div className="content-empty">
          <h2>{t('blog.list.emptyTitle')}</h2>
          <p>{t('blog.list.emptyText')}</p>
          <Link href="/product" className="button button--primary">
            {t('blog.list.browse')}
          </Link>
        </div>
      ) : (
        <div className="blog-grid">
          {blogs.map((blog, index) => (
            <BlogCard key={blog._id} blog={blog} priority={index < 2} />
          ))}
        </div>
      )}
    </div>
  );
}

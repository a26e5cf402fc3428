import { Link } from 'wouter';
import type { ApiBlog } from '../../shared/api-types';
import { useRouteData } from '../app/route-context';
import { BlogCard } from '../features/blog/blog-card';
import './content-page.css';

export default function BlogsPage() {
  const blogs = useRouteData<ApiBlog[]>();
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">Bharat Bazaar blog</p>
        <h1>Blog</h1>
        <p className="content-lead">Buying guides, product news and tips from our team.</p>
      </header>
      {blogs.length === 0 ? (
        <div className="content-empty">
          <h2>No posts yet</h2>
          <p>Our first articles are on the way. Meanwhile, have a look at the store.</p>
          <Link href="/product" className="button button--primary">
            Browse products
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

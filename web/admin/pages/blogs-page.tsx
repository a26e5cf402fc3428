import { useState } from 'react';
import { Link } from 'wouter';
import { blogsTable, deleteBlog } from '../../../shared/api/blog-admin';
import { type ApiBlogRow, type BlogTableSort, blogTableSorts } from '../../../shared/api/blog-admin.schemas';
import { listBlogCategories } from '../../../shared/api/taxonomy';
import { SelectField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { toast } from '../../lib/toast';
import { useConfirm } from '../components/confirm-dialog';
import { type Column, DataTable, formatSort, parseSort } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { BlogThumb } from '../features/blogs/blog-thumb';
import '../features/blogs/blogs.css';
import { DeleteRowButton } from '../components/row-buttons';
import { SearchField } from '../components/search-field';
import { ShortDay } from '../components/short-day';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const DEFAULT_SORT = { key: 'createdAt', direction: 'desc' } as const;

function blogColumns(busy: string | null, remove: (post: ApiBlogRow) => Promise<void>): Column<ApiBlogRow>[] {
  return [
    {
      key: 'image',
      header: 'Cover',
      width: '5rem',
      render: (post) =>
        post.image ? <BlogThumb url={post.image} /> : <span className="blog-thumb blog-thumb--empty" />,
    },
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      render: (post) => (
        <span className="blog-title-cell">
          <Link href={`/blogs/${post._id}`}>{post.title}</Link>
          <span className="muted">/blog/{post.slug}</span>
        </span>
      ),
    },
    {
      key: 'category',
      header: 'Category and author',
      render: (post) => (
        <>
          {post.category}
          <span className="muted blog-author">by {post.author}</span>
        </>
      ),
    },
    {
      key: 'createdAt',
      header: 'Published',
      sortable: true,
      width: '8rem',
      render: (post) => <ShortDay value={post.createdAt} />,
    },
    {
      key: 'updatedAt',
      header: 'Edited',
      sortable: true,
      width: '8rem',
      render: (post) => <ShortDay value={post.updatedAt} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      width: '10rem',
      render: (post) => (
        <div className="row-actions blog-row-actions">
          <Link
            href={`/blogs/${post._id}`}
            className="button button--small button--plain"
            aria-label={`Edit ${post.title}`}
          >
            Edit
          </Link>
          <DeleteRowButton
            label={`Delete ${post.title}`}
            disabled={busy === post._id}
            onClick={() => void remove(post)}
          />
        </div>
      ),
    },
  ];
}

/** Blog posts: search, filter by category, sort and page on the server; write, edit, delete. */
export default function BlogsPage() {
  const confirm = useConfirm();
  const [state, setState] = useSearchState();
  const [busy, setBusy] = useState<string | null>(null);

  const parsed = parseSort(state.sort, DEFAULT_SORT);
  const sort = (blogTableSorts as readonly string[]).includes(formatSort(parsed)) ? parsed : DEFAULT_SORT;
  const page = Math.max(1, Number(state.page) || 1);
  const query = {
    q: state.q ?? '',
    category: state.category ?? '',
    sort: formatSort(sort) as BlogTableSort,
    page,
  };
  const table = useAdminQuery(
    (signal) => adminApi.call(blogsTable, { query, signal }),
    [query.q, query.category, query.sort, query.page],
  );
  const categories = useAdminQuery((signal) => adminApi.call(listBlogCategories, { signal }), []);

  const remove = async (post: ApiBlogRow) => {
    const ok = await confirm({
      title: `Delete “${post.title}”?`,
      message:
        'The post leaves the blog at once and its address stops working. The audit trail keeps a copy.',
      confirmLabel: 'Delete post',
      danger: true,
    });
    if (!ok) return;
    setBusy(post._id);
    try {
      await adminApi.call(deleteBlog, { params: { id: post._id } });
      toast.success(`Deleted “${post.title}”.`, { autoClose: 4000 });
      table.reload();
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setBusy(null);
    }
  };

  const filtered = Boolean(state.q || state.category);
  return (
    <>
      <PageHeader
        title="Blog posts"
        description="Buying guides and news on the shop's blog."
        actions={
          <Link href="/blogs/new" className="button button--primary">
            Write a post
          </Link>
        }
      />
      <div className="toolbar">
        <SearchField label="Search titles" value={state.q ?? ''} onSearch={(q) => setState({ q })} />
        <SelectField
          label="Category"
          value={state.category ?? ''}
          onChange={(event) => setState({ category: event.target.value })}
        >
          <option value="">All categories</option>
          {categories.data?.map((category) => (
            <option key={category._id} value={category.title}>
              {category.title}
            </option>
          ))}
        </SelectField>
      </div>

      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      <DataTable
        caption="Blog posts"
        loading={table.loading}
        rows={table.data?.items ?? []}
        rowKey={(post) => post._id}
        sort={sort}
        onSortChange={(next) => setState({ sort: formatSort(next) })}
        empty={filtered ? 'No posts match.' : 'No posts yet: write the first one.'}
        columns={blogColumns(busy, remove)}
      />
      {table.data && (
        <Pager
          label="Blog pages"
          page={table.data.page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
        />
      )}
    </>
  );
}

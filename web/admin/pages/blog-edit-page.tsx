import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { getBlog } from '../../../shared/api/blog';
import type { ApiBlog } from '../../../shared/api/blog.schemas';
import { createBlog, deleteBlog, updateBlog } from '../../../shared/api/blog-admin';
import { type BlogBody, type BlogFormValues, blogBody } from '../../../shared/api/blog-admin.schemas';
import { listBlogCategories } from '../../../shared/api/taxonomy';
import { SelectField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { useForm, zodResolver } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { RichTextEditor } from '../components/rich-text-editor';
import { type CoverImage, CoverPicture } from '../features/blogs/cover-picture';
import '../features/blogs/blogs.css';
import '../features/translations/translations.css';
import {
  languageHeading,
  type TranslationTexts,
  translatedLabel,
  translatedLocales,
  translationErrors,
  translationTexts,
} from '../features/translations/translations';
import '../components/row-buttons.css';
import { adminApi } from '../lib/admin-api';
import type { ConsolePageProps } from '../lib/page-props';
import { useAdminQuery } from '../lib/use-admin-query';

/** Writing a new post (`/blogs/new`) or editing one (`/blogs/:id`). */
export default function BlogEditPage({ params }: ConsolePageProps) {
  const id = params.id;
  const post = useAdminQuery(
    (signal) => (id ? adminApi.call(getBlog, { params: { id }, signal }) : Promise.resolve(null)),
    [id],
  );
  const categories = useAdminQuery((signal) => adminApi.call(listBlogCategories, { signal }), []);
  const title = id ? 'Edit post' : 'Write a post';
  const back = { href: '/blogs', label: 'Blog posts' };

  if (post.error || categories.error) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <LoadError
          message={post.error ?? categories.error ?? ''}
          onRetry={() => {
            post.reload();
            categories.reload();
          }}
        />
      </>
    );
  }
  if (post.data === undefined || !categories.data) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <p className="console-loading">Loading…</p>
      </>
    );
  }
  // Remounted per post, so the form starts from the post that was loaded.
  return (
    <BlogEditor
      key={post.data?._id ?? 'new'}
      post={post.data}
      categories={categories.data.map((c) => c.title)}
      title={title}
      back={back}
    />
  );
}

/** The post's title, dates and link to the shop, and deleting it (confirmed first). */
function BlogEditorHeader({
  post,
  title,
  back,
}: {
  post: ApiBlog | null;
  title: string;
  back: { href: string; label: string };
}) {
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);

  const onDelete = async () => {
    if (!post) return;
    const ok = await confirm({
      title: `Delete “${post.title}”?`,
      message:
        'The post leaves the blog at once and its address stops working. The audit trail keeps a copy.',
      confirmLabel: 'Delete post',
      danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      await adminApi.call(deleteBlog, { params: { id: post._id } });
      toast.success(`Deleted “${post.title}”.`, { autoClose: 4000 });
      navigate('/blogs');
    } catch (error) {
      reportSubmitError(error);
      setDeleting(false);
    }
  };

  return (
    <PageHeader
      title={title}
      back={back}
      description={
        post ? (
          <>
            By {post.author}, published {formatDayAndTime(post.createdAt)}; last saved{' '}
            {formatDayAndTime(post.updatedAt)}.
          </>
        ) : (
          'It appears on the blog as soon as it is published.'
        )
      }
      actions={
        post && (
          <>
            <a className="button button--plain" href={`/blog/${post.slug}`} target="_blank" rel="noopener">
              View on the shop
            </a>
            <button type="button" className="button button--danger" disabled={deleting} onClick={onDelete}>
              {deleting ? 'Deleting…' : 'Delete'}
            </button>
          </>
        )
      }
    />
  );
}

function BlogEditor({
  post,
  categories,
  title,
  back,
}: {
  post: ApiBlog | null;
  categories: string[];
  title: string;
  back: { href: string; label: string };
}) {
  const [, navigate] = useLocation();
  const [images, setImages] = useState<CoverImage[]>(post?.images ?? []);
  // Pictures go with the save only once changed here, so a post keeps its own as they are.
  const [imagesChanged, setImagesChanged] = useState(false);
  // Title and body in each other language; an empty one shows the English.
  const [translations, setTranslations] = useState(() =>
    translationTexts(['title', 'description'], post?.translations),
  );
  const [translationProblems, setTranslationProblems] = useState<Record<string, string>>({});
  // A post whose category was deleted or renamed elsewhere: offered, so it can be moved.
  const options = post && !categories.includes(post.category) ? [post.category, ...categories] : categories;

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BlogFormValues, unknown, BlogBody>({
    resolver: zodResolver(blogBody),
    mode: 'onTouched',
    defaultValues: {
      title: post?.title ?? '',
      category: post?.category ?? '',
      description: post?.description ?? '',
    },
  });

  useEffect(() => {
    if (!post) document.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
  }, [post]);

  const onSubmit = handleSubmit(async (values) => {
    // The server keeps a post's pictures when `images` is empty: taking them off is said outright.
    const body = {
      ...values,
      translations,
      // A new picture is described by the post's title (the blog's <img alt>).
      ...(imagesChanged && images.length > 0
        ? { images: images.map((image) => ({ ...image, alt: image.alt ?? values.title })) }
        : {}),
      ...(post && imagesChanged && images.length === 0 ? { clearImages: true } : {}),
    };
    try {
      if (post) {
        const { updateBlog: saved } = await adminApi.call(updateBlog, { params: { id: post._id }, body });
        setImagesChanged(false);
        toast.success(`Saved “${saved.title}”.`, { autoClose: 4000 });
      } else {
        const { newBlog } = await adminApi.call(createBlog, { body });
        toast.success(`Published “${newBlog.title}”.`, { autoClose: 4000 });
        navigate(`/blogs/${newBlog._id}`, { replace: true });
      }
    } catch (error) {
      setTranslationProblems(translationErrors(error));
      reportSubmitError(error, setError, ['title', 'category', 'description']);
    }
  });

  return (
    <>
      <BlogEditorHeader post={post} title={title} back={back} />
      <form className="blog-editor" noValidate onSubmit={onSubmit}>
        <div className="blog-editor-main">
          <div className="panel">
            <TextField
              label="Title"
              autoComplete="off"
              maxLength={200}
              error={errors.title?.message}
              {...register('title')}
            />
            <RichTextEditor
              label="Post"
              value={watch('description') ?? ''}
              onChange={(html) =>
                setValue('description', html, { shouldValidate: Boolean(errors.description) })
              }
              error={errors.description?.message}
              hint="Headings, lists, quotes and links are kept; anything else is cleaned out when saved."
            />
          </div>
          <BlogTranslations
            texts={translations}
            problems={translationProblems}
            onChange={(next) => setTranslations(next)}
          />
        </div>
        <div className="blog-editor-side">
          <div className="panel">
            <SelectField
              label="Category"
              error={errors.category?.message}
              hint={
                categories.length === 0 ? (
                  <>
                    There are no blog categories yet: <Link href="/blog-categories">add one</Link> first.
                  </>
                ) : undefined
              }
              {...register('category')}
            >
              <option value="">Choose a category</option>
              {options.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </SelectField>
            <CoverPicture
              images={images}
              onChange={(next) => {
                setImages(next);
                setImagesChanged(true);
              }}
              title={watch('title') ?? ''}
            />
          </div>
          <div className="panel blog-editor-actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : post ? 'Save changes' : 'Publish post'}
            </button>
            <Link href="/blogs" className="button button--plain">
              Cancel
            </Link>
          </div>
        </div>
      </form>
    </>
  );
}

/** The post's title and body in each other language, below the English. */
function BlogTranslations({
  texts,
  problems,
  onChange,
}: {
  texts: TranslationTexts<'title' | 'description'>;
  problems: Record<string, string>;
  onChange: (next: TranslationTexts<'title' | 'description'>) => void;
}) {
  return translatedLocales.map((code) => {
    const set = (field: 'title' | 'description', value: string) =>
      onChange({ ...texts, [code]: { ...texts[code], [field]: value } });
    return (
      <section key={code} className="panel" aria-labelledby={`blog-${code}-heading`}>
        <h2 id={`blog-${code}-heading`}>{languageHeading(code)}</h2>
        <p className="form-hint">Shown on the blog in this language; leave empty to show the English.</p>
        <TextField
          label={translatedLabel(code, 'title')}
          lang={code}
          autoComplete="off"
          maxLength={200}
          value={texts[code].title}
          error={problems[`translations.${code}.title`]}
          onChange={(event) => set('title', event.target.value)}
        />
        <RichTextEditor
          label={translatedLabel(code, 'post')}
          lang={code}
          value={texts[code].description}
          error={problems[`translations.${code}.description`]}
          onChange={(html) => set('description', html)}
        />
      </section>
    );
  });
}

import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ApiBlog } from '../../../shared/api/blog.schemas';
import type { Locale } from '../../../shared/locales';
import { renderInLocale } from '../../i18n/render-in-locale';
import { BlogCard } from './blog-card';

const post: ApiBlog = {
  _id: 'b1',
  slug: 'choosing-a-tv',
  title: 'Choosing a TV',
  description: '<p>Screen size, panel and sound: what matters when you buy a television for your home.</p>',
  category: 'Guides',
  author: 'Asha',
  images: [],
  createdAt: '2024-01-01T07:30:00.000Z',
  updatedAt: '2024-01-01T07:30:00.000Z',
  translations: {},
};

const render = (blog: ApiBlog, locale: Locale) =>
  renderInLocale(
    <Router
      base={locale === 'en' ? '' : `/${locale}`}
      ssrPath={locale === 'en' ? '/blogs' : `/${locale}/blogs`}
    >
      <BlogCard blog={blog} />
    </Router>,
    locale,
    ['blog'],
  );

describe('a post in the list', () => {
  it('in English: its date, title and Read more', async () => {
    const html = await render(post, 'en');
    expect(html).toContain('January 1st 2024, 1:00 pm');
    expect(html).toContain('aria-label="Read more: Choosing a TV"');
  });

  it('in Hindi: the Hindi title and text where written, else the English marked lang="en"', async () => {
    const translated = {
      ...post,
      translations: { hi: { title: 'टीवी कैसे चुनें', description: '<p>स्क्रीन का साइज़, पैनल और आवाज़।</p>' } },
    };
    const html = await render(translated, 'hi');
    expect(html).toContain('1 जनवरी 2024, 1:00 pm');
    expect(html).toContain('>टीवी कैसे चुनें</a>');
    expect(html).toContain('स्क्रीन का साइज़');
    expect(html).toContain('aria-label="और पढ़ें: टीवी कैसे चुनें"');
    expect(html).toContain('href="/hi/blog/choosing-a-tv"');
    const english = await render(post, 'hi');
    expect(english).toMatch(/<h2 class="blog-card-title" lang="en">/);
    expect(english).toContain('और पढ़ें');
  });
});

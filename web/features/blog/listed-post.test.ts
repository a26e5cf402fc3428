import { describe, expect, it } from 'vitest';
import { listedPost } from './listed-post';

const long = `<p>${'Word '.repeat(80)}</p>`;
const post = {
  _id: 'b1',
  title: 'Buying a TV',
  description: long,
  translations: { hi: { title: 'टीवी ख़रीदना', description: `<p>${'शब्द '.repeat(80)}</p>` } },
};

describe('a post in the blog list', () => {
  it('keeps the first 200 characters of its text, without markup', () => {
    const listed = listedPost(post, 'en');
    expect(listed.description).toHaveLength(200);
    expect(listed.description).not.toContain('<');
    expect(listed.title).toBe('Buying a TV');
  });

  it('keeps only the page language’s translation, cut the same way', () => {
    expect(listedPost(post, 'en').translations).toEqual({});
    const hindi = listedPost(post, 'hi').translations?.hi;
    expect(hindi?.title).toBe('टीवी ख़रीदना');
    expect(hindi?.description).toHaveLength(200);
    expect(hindi?.description).not.toContain('<');
  });

  it('leaves a post without translations without them', () => {
    const { translations: _, ...english } = post;
    expect(listedPost(english, 'hi')).not.toHaveProperty('translations');
  });
});

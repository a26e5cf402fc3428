import { describe, expect, it } from 'vitest';
import { fallbackImage, responsiveImage } from './images';

describe('responsiveImage', () => {
  it.each([
    '/media/products/tv-1.webp',
    'http://127.0.0.1:3100/media/products/tv-1.webp',
    'https://shop.example.in/media/products/tv-1.webp',
    'https://cdn.example.in/media/products/tv-1.webp',
    'https://cdn.example.in/bharat/media/products/tv-1.webp',
  ])('offers the small copy of %s with the full size in srcset', (url) => {
    const small = url.replace(/\.webp$/, '-400.webp');
    expect(responsiveImage({ url, width: 800, height: 800, alt: 'TV' }, 400)).toEqual({
      src: small,
      srcSet: `${small} 400w, ${url} 800w`,
      width: 800,
      height: 800,
      alt: 'TV',
    });
  });

  it('uses the 600 px copy for blog covers', () => {
    const url = 'https://cdn.example.in/media/blogs/diwali.webp';
    expect(responsiveImage({ url, width: 1200, height: 630 }, 600)).toMatchObject({
      src: 'https://cdn.example.in/media/blogs/diwali-600.webp',
      srcSet: `https://cdn.example.in/media/blogs/diwali-600.webp 600w, ${url} 1200w`,
    });
  });

  it.each([
    'https://other.example/pictures/tv.webp',
    'https://cdn.example.in/media/products/tv-1.jpg',
    'https://cdn.example.in/media/products/tv-1.webp?v=2',
    '/images/fallback.svg',
    'data:image/webp;base64,AAAA',
  ])('leaves %s as it is (it may have no smaller copy)', (url) => {
    expect(responsiveImage({ url, width: 800, height: 800 }, 400)).toEqual({
      src: url,
      width: 800,
      height: 800,
      alt: '',
    });
  });

  it('keeps a picture no wider than the small copy, and falls back without one', () => {
    const url = 'https://cdn.example.in/media/products/tv-1.webp';
    expect(responsiveImage({ url, width: 400, height: 400 }, 400).srcSet).toBeUndefined();
    expect(responsiveImage(undefined, 400)).toEqual({ src: fallbackImage, width: 400, height: 400, alt: '' });
  });
});

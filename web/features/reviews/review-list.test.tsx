import { describe, expect, it } from 'vitest';
import type { ApiRating } from '../../../shared/api/catalog.schemas';
import { renderInLocale } from '../../i18n/render-in-locale';
import { ReviewList } from './review-list';
import { StarPicker } from './star-picker';

const rating: ApiRating = {
  _id: 'r1',
  star: 4.5,
  comment: 'Sounds great.',
  postedby: 'u1',
  postedbyName: '',
  verifiedPurchase: true,
  // 00:30 in India on 24 September: the day shown is India's.
  createdAt: '2024-09-23T19:00:00.000Z',
};

const field = { name: 'star', ref: () => {}, onChange: () => {}, onBlur: () => {} };

describe('the reviews', () => {
  it('in English: who, the day in India, and verified purchases', async () => {
    const html = await renderInLocale(<ReviewList ratings={[rating]} />, 'en', ['catalog', 'reviews']);
    expect(html).toContain('A customer');
    expect(html).toContain('24 September 2024');
    expect(html).toContain('Verified purchase');
    expect(await renderInLocale(<ReviewList ratings={[]} />, 'en', ['reviews'])).toContain('No reviews yet.');
  });

  it('in Hindi, the comment as its customer wrote it', async () => {
    const html = await renderInLocale(<ReviewList ratings={[rating]} />, 'hi', ['catalog', 'reviews']);
    expect(html).toContain('एक ग्राहक');
    expect(html).toContain('24 सितंबर 2024');
    expect(html).toContain('सत्यापित ख़रीदारी');
    expect(html).toContain('Sounds great.');
  });

  it('names each star choice, whole and half, in the page’s language', async () => {
    const english = await renderInLocale(<StarPicker field={field} value={3.5} />, 'en', ['reviews']);
    expect(english).toContain('1 star<');
    expect(english).toContain('1.5 stars');
    expect(english).toContain('3.5 of 5 stars');
    const hindi = await renderInLocale(<StarPicker field={field} value={0} />, 'hi', ['reviews']);
    expect(hindi).toContain('4.5 स्टार');
    expect(hindi).toContain('अभी रेटिंग नहीं दी');
  });
});

import { describe, expect, it } from 'vitest';
import { localizedText } from './content';

describe('content in the page language', () => {
  const product = { title: 'Running shoes', translations: { hi: { title: 'दौड़ने के जूते', description: ' ' } } };

  it('reads the translation on a Hindi page and the row on an English one', () => {
    expect(localizedText(product, 'title', 'hi')).toEqual({ text: 'दौड़ने के जूते' });
    expect(localizedText(product, 'title', 'en')).toEqual({ text: 'Running shoes' });
  });

  it('falls back to English, marked, when there is no translation or it is blank', () => {
    expect(localizedText({ ...product, description: 'Light' }, 'description', 'hi')).toEqual({
      text: 'Light',
      lang: 'en',
    });
    expect(localizedText({ title: 'Kettle' }, 'title', 'hi')).toEqual({ text: 'Kettle', lang: 'en' });
  });
});

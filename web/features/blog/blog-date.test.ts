import { describe, expect, it } from 'vitest';
import { formatBlogDate } from './blog-date';

describe('formatBlogDate', () => {
  it('writes the spec format in Indian time', () => {
    expect(formatBlogDate('2024-01-01T07:30:00.000Z')).toBe('January 1st 2024, 1:00 pm');
    expect(formatBlogDate('2024-03-22T18:45:00.000Z')).toBe('March 23rd 2024, 12:15 am');
  });

  it('gives nothing for a broken date', () => {
    expect(formatBlogDate('not a date')).toBe('');
  });
});

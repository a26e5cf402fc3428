import { describe, expect, it } from 'vitest';
import { currentYear, formatDay, formatDayAndTime, formatPostedAt, inIndia } from './dates';

describe('dates in India', () => {
  it('shows a UTC instant late in the evening as the next day in India', () => {
    // 18:45 UTC on 22 March is 00:15 on 23 March in India (UTC+5:30).
    expect(inIndia('2024-03-22T18:45:00.000Z')).toEqual({
      year: 2024,
      month: 3,
      day: 23,
      hour: 0,
      minute: 15,
    });
    expect(formatDay('2024-03-22T18:45:00.000Z')).toBe('23 March 2024');
    expect(formatDayAndTime('2024-03-22T18:45:00.000Z')).toBe('23 Mar 2024, 12:15 AM');
    expect(formatPostedAt('2024-03-22T18:45:00.000Z')).toBe('March 23rd 2024, 12:15 am');
  });

  it('keeps the day until midnight in India, and turns the year there', () => {
    expect(formatDayAndTime('2024-03-22T18:29:00.000Z')).toBe('22 Mar 2024, 11:59 PM');
    expect(formatDay('2024-12-31T18:30:00.000Z')).toBe('1 January 2025');
    expect(currentYear(Date.parse('2024-12-31T18:30:00.000Z'))).toBe(2025);
    expect(currentYear(Date.parse('2024-12-31T18:29:59.000Z'))).toBe(2024);
  });

  it('writes the blog format with ordinals and the 12-hour clock', () => {
    expect(formatPostedAt('2024-01-01T07:30:00.000Z')).toBe('January 1st 2024, 1:00 pm');
    expect(formatPostedAt('2024-09-02T06:30:00.000Z')).toBe('September 2nd 2024, 12:00 pm');
    expect(formatPostedAt('2024-09-11T04:35:00.000Z')).toBe('September 11th 2024, 10:05 am');
    expect(formatPostedAt('2024-09-21T04:35:00.000Z')).toBe('September 21st 2024, 10:05 am');
    expect(formatPostedAt('2024-09-13T04:35:00.000Z')).toBe('September 13th 2024, 10:05 am');
  });

  it('writes the same words in every browser (Sep, not Sept)', () => {
    expect(formatDayAndTime('2024-09-05T10:00:00.000Z')).toBe('5 Sep 2024, 3:30 PM');
  });

  it('reads a calendar date as that day', () => {
    // A policy's 'updated' is a date alone: midnight UTC, which is 05:30 the same day in India.
    expect(formatDay('2026-11-01')).toBe('1 November 2026');
  });

  it('accepts numbers and Dates, and gives nothing for a broken date', () => {
    expect(formatDay(Date.parse('2024-03-22T18:45:00.000Z'))).toBe('23 March 2024');
    expect(formatDay(new Date('2024-03-22T18:45:00.000Z'))).toBe('23 March 2024');
    expect(formatDay('not a date')).toBe('');
    expect(formatDayAndTime('')).toBe('');
    expect(formatPostedAt('not a date')).toBe('');
    expect(inIndia(Number.NaN)).toBeNull();
  });
});

describe('dates in Hindi', () => {
  it('names the months in Hindi, in India time, with the same numbers', () => {
    // 18:45 UTC on 22 September is 00:15 on the 23rd in India.
    expect(formatDay('2024-09-22T18:45:00Z', 'hi')).toBe('23 सितंबर 2024');
    expect(formatDayAndTime('2024-09-22T18:45:00Z', 'hi')).toBe('23 सितंबर 2024, 12:15 AM');
    expect(formatPostedAt('2024-01-01T07:30:00Z', 'hi')).toBe('1 जनवरी 2024, 1:00 pm');
    expect(formatDay('2024-09-22T18:45:00Z')).toBe('23 September 2024');
  });
});

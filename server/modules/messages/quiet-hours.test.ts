import { describe, expect, it } from 'vitest';
import { inQuietHours, nextSendableAt } from './quiet-hours.js';

describe('quiet hours (21:00-09:00 India time)', () => {
  it('lets a message go in the day', () => {
    const noon = new Date('2026-11-29T06:30:00Z'); // 12:00 IST
    expect(inQuietHours(noon)).toBe(false);
    expect(nextSendableAt(noon)).toEqual(noon);
  });

  it('holds one due at 23:00 until 09:00 the next morning', () => {
    const late = new Date('2026-11-29T17:30:00Z'); // 23:00 IST
    expect(inQuietHours(late)).toBe(true);
    expect(nextSendableAt(late).toISOString()).toBe('2026-11-30T03:30:00.000Z');
  });

  it('holds one due at 06:00 until 09:00 the same morning, and 21:00 sharp is quiet', () => {
    expect(nextSendableAt(new Date('2026-11-29T00:30:00Z')).toISOString()).toBe('2026-11-29T03:30:00.000Z');
    expect(inQuietHours(new Date('2026-11-29T15:30:00Z'))).toBe(true); // 21:00 IST
    expect(inQuietHours(new Date('2026-11-29T15:29:59Z'))).toBe(false);
    expect(inQuietHours(new Date('2026-11-29T03:30:00Z'))).toBe(false); // 09:00 IST
  });
});

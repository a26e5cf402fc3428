import { describe, expect, it } from 'vitest';
import { loadErrorMessages, loadedMessages, loadMessages } from './catalogues';

describe('loadedMessages', () => {
  it('has nothing until every area of the page is loaded, then all of them with common', async () => {
    expect(loadedMessages('hi', ['grievances'])).toBeNull();
    await loadMessages('hi', []);
    // common is in, grievances not yet.
    expect(loadedMessages('hi', ['grievances'])).toBeNull();
    await loadMessages('hi', ['grievances']);
    const messages = loadedMessages('hi', ['grievances']);
    expect(messages).toHaveProperty(['grievances.title']);
    expect(messages).toHaveProperty(['common.nav.home']);
    // The English messages in Hindi come after the page is interactive, not with it.
    expect(messages).not.toHaveProperty(['errors.invalid-credentials']);
    expect(await loadErrorMessages('hi')).toHaveProperty(['errors.invalid-credentials']);
    expect(await loadErrorMessages('en')).toBeNull();
  });
});

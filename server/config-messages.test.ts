import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const msg91 = {
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'an-auth-key',
  SMS_SENDER_ID: 'BHBZAR',
  SMS_DLT_ENTITY_ID: '1101234567890123456',
};

describe('SMS and WhatsApp settings', () => {
  it('default to the built-in test providers and the worker’s pauses', () => {
    const { messages } = loadConfig({});
    expect(messages.sms).toMatchObject({ provider: 'test', senderId: 'BHBZAR', templates: {} });
    expect(messages.whatsapp).toMatchObject({
      provider: 'test',
      baseUrl: 'https://graph.facebook.com/v21.0',
    });
    expect(messages.worker).toMatchObject({
      pollMs: 5000,
      retryFirstMs: 2000,
      giveUpAfterMs: 24 * 3_600_000,
    });
  });

  it('read DLT template ids as kind=id pairs or JSON, and refuse unknown kinds and ids that are not digits', () => {
    const pairs = loadConfig({
      ...msg91,
      SMS_DLT_TEMPLATES: 'order-placed=1107161234567890123, cod-code=1107161234567890124',
    });
    expect(pairs.messages.sms.templates).toEqual({
      'order-placed': '1107161234567890123',
      'cod-code': '1107161234567890124',
    });
    const json = loadConfig({ ...msg91, SMS_DLT_TEMPLATES: '{"mobile-code":"1107161234567890125"}' });
    expect(json.messages.sms.templates).toEqual({ 'mobile-code': '1107161234567890125' });
    expect(() => loadConfig({ SMS_DLT_TEMPLATES: 'order-lost=1107161234567890123' })).toThrow(
      /SMS_DLT_TEMPLATES names order-lost, which is not a message kind/,
    );
    expect(() => loadConfig({ SMS_DLT_TEMPLATES: 'cod-code=abc' })).toThrow(/must be the digits DLT gave it/);
  });

  it('refuse a real provider without what it needs, naming the setting', () => {
    expect(() => loadConfig({ ...msg91, MSG91_AUTH_KEY: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...msg91, MSG91_AUTH_KEY: '' })).toThrow(
      /SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY/,
    );
    expect(() => loadConfig({ ...msg91, SMS_SENDER_ID: 'BHBZR' })).toThrow(/6 capital letters/);
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'cloud', WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      /WHATSAPP_PROVIDER=cloud needs WHATSAPP_ACCESS_TOKEN/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER must be 'test', 'msg91' or 'off'/,
    );
  });
});

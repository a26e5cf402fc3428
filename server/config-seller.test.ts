import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_SELLER } from './seller-setting.js';

const seller = {
  SELLER_LEGAL_NAME: 'Kochi Kart LLP',
  SELLER_ADDRESS: 'MG Road, Ernakulam, Kochi, Kerala 682011',
  SELLER_STATE: 'kerala',
  // A GSTIN with a correct check character; 32 is Kerala.
  SELLER_GSTIN: '32AAACB0000D1Z0',
};

describe('the seller on tax invoices', () => {
  it('is the demo seller in Bengaluru, marked as demo, when nothing is set', () => {
    expect(loadConfig({}).seller).toEqual({ ...DEMO_SELLER, stateCode: '29', isDemo: true });
  });

  it('takes the four settings together, with the state spelled officially', () => {
    expect(loadConfig(seller).seller).toEqual({
      legalName: 'Kochi Kart LLP',
      address: 'MG Road, Ernakulam, Kochi, Kerala 682011',
      state: 'Kerala',
      stateCode: '32',
      gstin: '32AAACB0000D1Z0',
      isDemo: false,
    });
  });

  it.each([
    [{ ...seller, SELLER_GSTIN: '' }, 'SELLER_GSTIN: SELLER_GSTIN is missing: set SELLER_LEGAL_NAME'],
    [{ SELLER_LEGAL_NAME: 'Kochi Kart LLP' }, 'SELLER_ADDRESS: SELLER_ADDRESS is missing'],
    [{ ...seller, SELLER_STATE: 'Gondor' }, 'SELLER_STATE: SELLER_STATE must be an Indian state'],
    [
      { ...seller, SELLER_STATE: 'Karnataka' },
      'SELLER_GSTIN: A GSTIN registered in Karnataka starts with 29, not 32',
    ],
    [{ ...seller, SELLER_GSTIN: '32AAACB0000D1Z' }, 'SELLER_GSTIN: A GSTIN is 15 characters'],
    [
      { ...seller, SELLER_GSTIN: '32AAACB0000D1ZA' },
      'SELLER_GSTIN: The GSTIN check character does not match',
    ],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });
});

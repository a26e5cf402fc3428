import { gstState } from '../shared/gst.js';

/** Who sells, as printed on tax invoices (SELLER_*): the merchant's details, or the demo's. */
export const SELLER_KEYS = ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_STATE', 'SELLER_GSTIN'] as const;

/**
 * The demo's seller, matching the shop's contact address: a made-up GSTIN (valid in form and
 * check character, registered to nobody), so invoices say these are example details.
 */
export const DEMO_SELLER = {
  legalName: 'Bharat Bazaar Retail Pvt. Ltd.',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
  state: 'Karnataka',
  gstin: '29AAACB0000D1ZN',
} as const;

export type Seller = {
  legalName: string;
  address: string;
  /** The official name of the seller's state (place of supply within it: CGST + SGST). */
  state: string;
  stateCode: string;
  gstin: string;
  /** The demo's example details: invoices must say they are not a registered business's. */
  isDemo: boolean;
};

export function sellerFrom(raw: {
  SELLER_LEGAL_NAME?: string | undefined;
  SELLER_ADDRESS?: string | undefined;
  SELLER_STATE?: string | undefined;
  SELLER_GSTIN?: string | undefined;
}): Seller {
  const given = raw.SELLER_LEGAL_NAME && raw.SELLER_ADDRESS && raw.SELLER_STATE && raw.SELLER_GSTIN;
  const seller = given
    ? {
        legalName: raw.SELLER_LEGAL_NAME!,
        address: raw.SELLER_ADDRESS!,
        state: raw.SELLER_STATE!,
        gstin: raw.SELLER_GSTIN!,
      }
    : DEMO_SELLER;
  const state = gstState(seller.state)!;
  return { ...seller, state: state.name, stateCode: state.code, isDemo: !given };
}

import { privacyPolicy } from './privacy';
import { refundPolicy } from './refund';
import { shippingPolicy } from './shipping';
import { termsPolicy } from './terms';
import type { Policy } from './types';

export type { Policy, PolicyBlock, PolicySection } from './types';

/** The policy pages by route path (the original shop's spellings, capitals included). */
export const policies: Record<string, Policy> = {
  '/Terms-conditions': termsPolicy,
  '/privacy-policy': privacyPolicy,
  '/refund-policy': refundPolicy,
  '/Shipping-policy': shippingPolicy,
};

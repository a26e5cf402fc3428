import type { Locale } from '../../../shared/locales';
import type { Policy } from './types';

export type { Policy, PolicyBlock, PolicySection } from './types';

/** The policy pages' paths (the original shop's spellings, capitals included). */
export const policyPaths = [
  '/Terms-conditions',
  '/privacy-policy',
  '/refund-policy',
  '/Shipping-policy',
] as const;
export type PolicyPath = (typeof policyPaths)[number];

export function isPolicyPath(path: string): path is PolicyPath {
  return (policyPaths as readonly string[]).includes(path);
}

/**
 * Every policy in every language of the shop (a language without them does not compile), each its
 * own chunk: the policy route loads the one it shows, so an English page never downloads the Hindi
 * text, nor one policy the other three. web/content/policies/hi/ holds the Hindi, in the English
 * files' shape (policies.test.ts compares them).
 */
const policyLoaders: Record<Locale, Record<PolicyPath, () => Promise<Policy>>> = {
  en: {
    '/Terms-conditions': () => import('./terms').then((m) => m.termsPolicy),
    '/privacy-policy': () => import('./privacy').then((m) => m.privacyPolicy),
    '/refund-policy': () => import('./refund').then((m) => m.refundPolicy),
    '/Shipping-policy': () => import('./shipping').then((m) => m.shippingPolicy),
  },
  hi: {
    '/Terms-conditions': () => import('./hi/terms').then((m) => m.termsPolicy),
    '/privacy-policy': () => import('./hi/privacy').then((m) => m.privacyPolicy),
    '/refund-policy': () => import('./hi/refund').then((m) => m.refundPolicy),
    '/Shipping-policy': () => import('./hi/shipping').then((m) => m.shippingPolicy),
  },
};

export function loadPolicy(locale: Locale, path: PolicyPath): Promise<Policy> {
  return policyLoaders[locale][path]();
}

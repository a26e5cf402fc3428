import type { PolicyPath } from '../../content/policies';
import type { Translate } from '../../i18n/i18n';

/**
 * A policy's name and its page's description, for the page's head and the list of the other
 * policies (the `policy` area). The name is the title of its text in web/content/policies/
 * (policies.test.ts checks they agree in every language).
 */
export function policyName(t: Translate, path: PolicyPath): string {
  switch (path) {
    case '/Terms-conditions':
      return t('policy.name.terms');
    case '/privacy-policy':
      return t('policy.name.privacy');
    case '/refund-policy':
      return t('policy.name.refund');
    case '/Shipping-policy':
      return t('policy.name.shipping');
  }
}

export function policyDescription(t: Translate, path: PolicyPath): string {
  switch (path) {
    case '/Terms-conditions':
      return t('policy.description.terms');
    case '/privacy-policy':
      return t('policy.description.privacy');
    case '/refund-policy':
      return t('policy.description.refund');
    case '/Shipping-policy':
      return t('policy.description.shipping');
  }
}

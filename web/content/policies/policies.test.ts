import { describe, expect, it } from 'vitest';
import { SHOP_EMAIL, SHOP_PHONE } from '../../components/layout/nav-links';
import { policies } from './index';
import { SHOP } from './shop-details';

const text = (value: unknown): string => JSON.stringify(value);

describe('policy texts', () => {
  it('cover the four policy routes', () => {
    expect(Object.keys(policies).sort()).toEqual([
      '/Shipping-policy',
      '/Terms-conditions',
      '/privacy-policy',
      '/refund-policy',
    ]);
  });

  it.each(Object.entries(policies))('%s names the grievance officer and the time limits', (_path, policy) => {
    const grievance = policy.sections.find((section) => section.heading === 'Grievance officer');
    expect(grievance).toBeDefined();
    expect(text(grievance)).toContain(SHOP.grievanceOfficer.name);
    expect(text(grievance)).toContain('48 hours');
    expect(text(grievance)).toContain('one month');
    // Where to file, published with the limits.
    expect(grievance!.blocks).toContainEqual({ link: { label: expect.any(String), href: '/grievances' } });
    expect(policy.sections.length).toBeGreaterThanOrEqual(4);
    expect(Number.isNaN(Date.parse(policy.updated))).toBe(false);
  });

  it('uses the contact details the footer shows', () => {
    expect(SHOP.phone).toBe(SHOP_PHONE);
    expect(SHOP.email).toBe(SHOP_EMAIL);
  });

  it('states the legal basics', () => {
    expect(text(policies['/privacy-policy'])).toContain('Digital Personal Data Protection Act, 2023');
    expect(text(policies['/Shipping-policy'])).toContain('₹500 or more');
    expect(text(policies['/Terms-conditions'])).toContain('never charge a cancellation fee');
    expect(text(policies['/refund-policy'])).toContain('within 7 days of delivery');
    // DPDP Rules 2025 rule 14: how to make a rights request, and by when it is answered.
    expect(text(policies['/privacy-policy'])).toContain('/grievances');
    expect(text(policies['/privacy-policy'])).toContain('within 30 days');
    expect(text(policies['/Terms-conditions'])).toContain('/grievances');
  });
});

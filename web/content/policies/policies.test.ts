import { describe, expect, it } from 'vitest';
import { locales } from '../../../shared/locales';
import { SHOP_EMAIL, SHOP_PHONE } from '../../components/layout/nav-links';
import { policyName } from '../../features/policy/policy-names';
import { translator } from '../../i18n/i18n';
import { loadPolicy, type Policy, type PolicyBlock, policyPaths } from './index';
import { SHOP } from './shop-details';

const text = (value: unknown): string => JSON.stringify(value);

/** A block's kind and size: what must match between languages (the words may not). */
function shape(block: PolicyBlock): string {
  if (typeof block === 'string') return 'text';
  if ('list' in block) return `list of ${block.list.length}`;
  if ('steps' in block) return `steps of ${block.steps.length}`;
  if ('link' in block) return `link to ${block.link.href}`;
  return `details of ${block.details.length}`;
}

const english = Object.fromEntries(
  await Promise.all(policyPaths.map(async (path) => [path, await loadPolicy('en', path)] as const)),
) as Record<(typeof policyPaths)[number], Policy>;

describe('policy texts', () => {
  it.each(policyPaths)('%s names the grievance officer and the time limits', (path) => {
    const policy = english[path];
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
    expect(text(english['/privacy-policy'])).toContain('Digital Personal Data Protection Act, 2023');
    expect(text(english['/Shipping-policy'])).toContain('₹500 or more');
    expect(text(english['/Terms-conditions'])).toContain('never charge a cancellation fee');
    expect(text(english['/refund-policy'])).toContain('within 7 days of delivery');
    // DPDP Rules 2025 rule 14: how to make a rights request, and by when it is answered.
    expect(text(english['/privacy-policy'])).toContain('/grievances');
    expect(text(english['/privacy-policy'])).toContain('within 30 days');
    expect(text(english['/Terms-conditions'])).toContain('/grievances');
  });
});

describe.each(locales.filter((locale) => locale !== 'en'))('the policies in %s', (locale) => {
  it.each(policyPaths)('%s says what the English says, section for section', async (path) => {
    const policy = await loadPolicy(locale, path);
    const source = english[path];
    expect(policy.updated).toBe(source.updated);
    expect(policy.title.trim()).not.toBe('');
    expect(policy.summary.trim()).not.toBe('');
    expect(policy.sections).toHaveLength(source.sections.length);
    policy.sections.forEach((section, index) => {
      expect(section.heading.trim(), `section ${index + 1}`).not.toBe('');
      // Written in the language, not left in English.
      expect(section.heading).not.toBe(source.sections[index]!.heading);
      expect(section.blocks.map(shape), section.heading).toEqual(source.sections[index]!.blocks.map(shape));
      for (const block of section.blocks) {
        const words = typeof block === 'string' ? [block] : 'list' in block ? block.list : [];
        for (const line of words) expect(line.trim()).not.toBe('');
      }
    });
    // The numbers and limits the law asks for are the English text's.
    for (const fact of [
      '48',
      '/grievances',
      SHOP.grievanceOfficer.name,
      SHOP.grievanceOfficer.email,
      SHOP.phone,
    ]) {
      expect(text(policy), fact).toContain(fact);
    }
  });

  it('titles each policy as its page and the list of policies name it', async () => {
    const t = await translator(locale, ['policy']);
    for (const path of policyPaths) expect((await loadPolicy(locale, path)).title).toBe(policyName(t, path));
  });
});

it('names the policies in English as their texts do', async () => {
  const t = await translator('en', ['policy']);
  for (const path of policyPaths) expect(english[path].title).toBe(policyName(t, path));
});

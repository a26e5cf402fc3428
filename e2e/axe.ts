import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core's source, evaluated in the page: this works under the shop's own CSP (no script tag). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.1 A and AA rules and axe's best practices, run on the whole page or on the element
 * `within` selects; each violation as "rule: selectors", so a failing test names what to fix.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    type Violation = { id: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as {
        axe: { run: (context: Element, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const context = selector ? document.querySelector(selector)! : document.documentElement;
    const result = await axe.run(context, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, within);
}

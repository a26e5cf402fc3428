import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chartSummary, dayLabel, monthLabel, niceStep, SalesChart } from './sales-chart';

describe('the sales chart', () => {
  it('names India dates and months from their keys, without a time zone to shift them', () => {
    expect(dayLabel('2026-03-01')).toBe('Sun 1 Mar 2026');
    expect(dayLabel('2026-02-28')).toBe('Sat 28 Feb 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });

  it('sums the period for screen readers and names its best bar', () => {
    const points = [
      { key: '2026-02', orders: 3, netSales: 1550 },
      { key: '2026-03', orders: 3, netSales: 9499.5 },
    ];
    expect(chartSummary(points, 'month')).toBe(
      'Net sales by month over the last 2 months: ₹11,049.50 from 6 orders; the highest was Mar 2026 with ₹9,499.50.',
    );
    expect(chartSummary([{ key: '2026-03-01', orders: 1, netSales: 0 }], 'day')).toBe(
      'No net sales in the last 1 day (1 order).',
    );
  });

  it('steps its axis in 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(9499.5)).toBe(5000);
    expect(niceStep(280_908)).toBe(100_000);
  });

  it('draws one labelled image with a bar per point, and the same figures as a table', () => {
    const html = renderToStaticMarkup(
      <SalesChart
        title="Net sales by day"
        period="day"
        points={[
          { key: '2026-02-28', orders: 1, netSales: 1000 },
          { key: '2026-03-01', orders: 3, netSales: 9499.5 },
        ]}
      />,
    );
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+ [^"]+"/);
    expect(html.match(/class="chart-bar[ "]/g)).toHaveLength(2);
    expect(html).toContain('chart-bar chart-bar--current');
    expect(html).toContain('<summary>Show as table</summary>');
    expect(html).toContain(
      '<th scope="row">Sun 1 Mar 2026</th><td class="align-end">3</td><td class="align-end">₹9,499.50</td>',
    );
  });
});

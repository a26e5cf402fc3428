import { useId } from 'react';
import { formatRupees } from '../../../lib/money';

/*
 * A hand-drawn SVG bar chart rather than a chart library: twelve bars and an axis are about a
 * hundred lines, add nothing to any other page, and cost no kilobytes a library would (the small
 * well-kept ones are 40-60 KB gzipped). Accessibility is simpler this way too: the SVG is one
 * labelled image with a one-line summary, and the same figures are a real table underneath.
 */

export type MonthFigure = { month: string; orders: number; revenue: number };

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 44, left: 64 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const compact = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(key: string, withYear = true): string {
  const [year, month] = key.split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1] ?? key;
  return withYear ? `${name} ${year}` : name;
}

/** A round step for about four gridlines: 1, 2 or 5 times a power of ten. */
function niceStep(max: number): number {
  if (max <= 0) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const unit = rough / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

export function RevenueChart({ months }: { months: MonthFigure[] }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(0, ...months.map((m) => m.revenue));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(1, months.length);
  const barWidth = Math.min(40, slot * 0.6);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const best = months.reduce<MonthFigure | undefined>(
    (a, m) => (!a || m.revenue > a.revenue ? m : a),
    undefined,
  );
  const total = months.reduce((sum, m) => sum + m.revenue, 0);
  const summary =
    max === 0
      ? 'No revenue in the last 12 months.'
      : `Revenue by month over the last 12 months, ${formatRupees(total)} in all; the highest was ${monthLabel(best!.month)} with ${formatRupees(best!.revenue)}.`;

  return (
    <figure className="revenue-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>Revenue by month</title>
        <desc id={descId}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text
              className="chart-axis"
              x={PAD.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {compact.format(tick)}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = PAD.left + slot * i + (slot - barWidth) / 2;
          const height = Math.max(m.revenue > 0 ? 2 : 0, y(0) - y(m.revenue));
          return (
            <g key={m.month}>
              <rect className="chart-bar" x={x} y={y(0) - height} width={barWidth} height={height} rx={3}>
                <title>{`${monthLabel(m.month)}: ${formatRupees(m.revenue)}, ${m.orders} orders`}</title>
              </rect>
              <text
                className="chart-axis"
                x={x + barWidth / 2}
                y={HEIGHT - PAD.bottom + 18}
                textAnchor="middle"
              >
                {monthLabel(m.month, false)}
                {/* The year under the first month and under each January. */}
                {(i === 0 || m.month.endsWith('-01')) && (
                  <tspan x={x + barWidth / 2} dy={15} className="chart-year">
                    {m.month.slice(0, 4)}
                  </tspan>
                )}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="chart-table">
        <summary>Show the figures as a table</summary>
        <table className="data-table">
          <caption className="visually-hidden">Orders and revenue by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="align-end">
                Orders
              </th>
              <th scope="col" className="align-end">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td className="align-end">{m.orders.toLocaleString('en-IN')}</td>
                <td className="align-end">{formatRupees(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import { useId } from 'react';
import { formatRupees } from '../../../lib/money';

/*
 * A hand-drawn SVG bar chart rather than a chart library: thirty bars and an axis are about a
 * hundred lines, add nothing to any other page, and cost no kilobytes a library would (the small
 * well-kept ones are 40-60 KB gzipped). Accessibility is simpler this way too: the SVG is one
 * labelled image with a one-line summary, and the same figures are a real table beside it, behind
 * a "Show as table" that a keyboard reaches (thirty bars as tab stops would only slow it down).
 */

export type SalesPoint = {
  /** 'YYYY-MM-DD' or 'YYYY-MM', India time (as the API keys them). */
  key: string;
  orders: number;
  netSales: number;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function parts(key: string) {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return { year, month, day, monthName: MONTHS[month - 1] ?? '' };
}

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(key: string): string {
  const { year, monthName } = parts(key);
  return `${monthName} ${year}`;
}

/** 'Mon 23 Nov 2026' for '2026-11-23' (the key is already an India date: no zone to convert). */
export function dayLabel(key: string): string {
  const { year, month, day, monthName } = parts(key);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${monthName} ${year}`;
}

const compact = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A round step for about four gridlines: 1, 2 or 5 times a power of ten. */
export function niceStep(max: number): number {
  if (max <= 0) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const unit = rough / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

const count = (n: number) => n.toLocaleString('en-IN');

/** The 1st of a month ('YYYY-MM-01') or January ('YYYY-01'): where the axis names the next unit up. */
const startsPeriod = (key: string | undefined) => key?.endsWith('-01') ?? false;

const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** One line for screen readers: the period's total and its best bar. */
export function chartSummary(points: SalesPoint[], period: 'day' | 'month'): string {
  const label = period === 'day' ? dayLabel : monthLabel;
  const span = plural(points.length, period);
  const total = points.reduce((sum, p) => sum + p.netSales, 0);
  const orders = plural(
    points.reduce((sum, p) => sum + p.orders, 0),
    'order',
  );
  const best = points.reduce<SalesPoint | undefined>(
    (a, p) => (!a || p.netSales > a.netSales ? p : a),
    undefined,
  );
  if (!best || best.netSales <= 0) return `No net sales in the last ${span} (${orders}).`;
  return (
    `Net sales by ${period} over the last ${span}: ${formatRupees(total)} from ${orders}; ` +
    `the highest was ${label(best.key)} with ${formatRupees(best.netSales)}.`
  );
}

const WIDTH = 960;
const HEIGHT = 280;
const PAD = { top: 16, right: 12, bottom: 48, left: 72 };

/**
 * Net sales by day or by month, oldest first: bars with a rupee axis, the figures as a table under
 * "Show as table". The last bar (today, this month) is marked.
 */
export function SalesChart({
  title,
  points,
  period,
  width = WIDTH,
}: {
  title: string;
  points: SalesPoint[];
  period: 'day' | 'month';
  /** The drawing's own width: a narrower chart keeps its letters at the same size. */
  width?: number;
}) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(0, ...points.map((p) => p.netSales));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const innerWidth = width - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(1, points.length);
  const barWidth = Math.min(40, slot * 0.65);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const label = period === 'day' ? dayLabel : monthLabel;

  return (
    <figure className="sales-chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{chartSummary(points, period)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="chart-grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
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
        {points.map((p, i) => {
          const x = PAD.left + slot * i + (slot - barWidth) / 2;
          const height = Math.max(p.netSales > 0 ? 2 : 0, y(0) - y(p.netSales));
          const { day, monthName, year } = parts(p.key);
          const last = i === points.length - 1;
          // Days: the day of the month under each bar, the month under each 1st. Months: the month
          // under each bar, the year under each January. The first bar names its month (year) too,
          // unless the next bar starts a new one (the two names would run into each other).
          const named = startsPeriod(p.key) || (i === 0 && !startsPeriod(points[1]?.key));
          const tickText = period === 'day' ? String(day) : monthName;
          const second = named ? (period === 'day' ? monthName : String(year)) : null;
          return (
            <g key={p.key}>
              <rect
                className={last ? 'chart-bar chart-bar--current' : 'chart-bar'}
                x={x}
                y={y(0) - height}
                width={barWidth}
                height={height}
                rx={3}
              >
                <title>{`${label(p.key)}: ${formatRupees(p.netSales)}, ${count(p.orders)} orders`}</title>
              </rect>
              <text
                className="chart-axis"
                x={x + barWidth / 2}
                y={HEIGHT - PAD.bottom + 18}
                textAnchor="middle"
              >
                {tickText}
                {second && (
                  <tspan x={x + barWidth / 2} dy={15} className="chart-axis-strong">
                    {second}
                  </tspan>
                )}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="chart-table">
        <summary>Show as table</summary>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{`${title}: orders and net sales`}</caption>
            <thead>
              <tr>
                <th scope="col">{period === 'day' ? 'Day' : 'Month'}</th>
                <th scope="col" className="align-end">
                  Orders
                </th>
                <th scope="col" className="align-end">
                  Net sales
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.key}>
                  <th scope="row">{label(p.key)}</th>
                  <td className="align-end">{count(p.orders)}</td>
                  <td className="align-end">{formatRupees(p.netSales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

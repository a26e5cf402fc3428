import { placeOrder } from './buy';
import { createStaffMember, openConsoleAs } from './console';
import { createCustomer, expect, test } from './fixtures';

/**
 * The console's dashboard at 1280 px: after a shopper's order, today's figures count
 * it, both sales charts are drawn as labelled SVG images with their figures as tables (opened from
 * the keyboard), top and low products are listed, and "To pack" leads to the orders waiting.
 * Other specs place orders meanwhile, so figures are checked as at least what this one added.
 */
test.use({ viewport: { width: 1280, height: 900 } });

/** 'Mon 23 Nov 2026': the chart table's label of today in India. */
function indiaToday(): string {
  const fields = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${fields.weekday} ${fields.day} ${fields.month} ${fields.year}`;
}

const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('the dashboard charts sales by day and month, with tables, and lists what waits', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer, { units: 2 });
  const owner = await createStaffMember(request, 'owner');
  await openConsoleAs(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Today's figures count the order just placed.
  const todayCard = page.locator('.stat-card', { hasText: 'Net sales today' });
  await expect(todayCard.getByText(/\d+ orders?/)).toBeVisible();
  expect(amount(await todayCard.locator('.stat-value').textContent())).toBeGreaterThanOrEqual(order.total);

  // The daily chart: one labelled image of 30 bars, its summary read out with it.
  const daily = page.getByRole('region', { name: 'Net sales, last 30 days' });
  const dailyChart = daily.getByRole('img', {
    name: /^Net sales by day, last 30 days Net sales by day over/,
  });
  await expect(dailyChart).toBeVisible();
  await expect(dailyChart.locator('rect.chart-bar')).toHaveCount(30);
  // Its table: 30 days, oldest first, today last with this order among its orders.
  await daily.getByText('Show as table').click();
  const dailyRows = daily.getByRole('table').locator('tbody tr');
  await expect(dailyRows).toHaveCount(30);
  const todayRow = dailyRows.last();
  await expect(todayRow.getByRole('rowheader')).toHaveText(indiaToday());
  expect(Number(await todayRow.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
  expect(amount(await todayRow.getByRole('cell').last().textContent())).toBeGreaterThanOrEqual(order.total);

  // The monthly chart, its table opened from the keyboard.
  const monthly = page.getByRole('region', { name: 'Net sales, last 12 months' });
  const monthlyChart = monthly.getByRole('img', { name: /^Net sales by month, last 12 months/ });
  await expect(monthlyChart.locator('rect.chart-bar')).toHaveCount(12);
  const summary = monthly.getByText('Show as table');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(monthly.getByRole('table').locator('tbody tr')).toHaveCount(12);

  // Top products of the 30 days and the products running low, as tables.
  const top = page.getByRole('table', { name: 'Top products over the last 30 days, by units sold' });
  await expect(top.locator('tbody tr').first()).toBeVisible();
  await expect(top.getByRole('columnheader')).toHaveText(['Product', 'Units', 'Sold for']);
  await expect(
    page.getByRole('table', { name: 'Sizes and variants on sale with the fewest units left' }),
  ).toBeVisible();

  await page.screenshot({ path: 'test-results/screenshots/desktop-console-dashboard.png', fullPage: true });

  // "To pack" leads to the orders list filtered to orders not yet packed, this one among them.
  await page.locator('.stat-card', { hasText: 'To pack' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=Ordered/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: order.orderNumber })).toBeVisible();
});

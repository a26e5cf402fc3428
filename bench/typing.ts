/**
 * Typing on a slow phone: how long each keystroke takes to reach the screen (the browser's Event
 * Timing, what INP is made of) in the header's search box and the store's price field, with the
 * CPU slowed down as on a low-end phone. It says whether the storefront needs React's
 * useTransition/useDeferredValue there (docs/decisions/030-react-storefront.md).
 *
 *   DIST_DIR=dist npx tsx bench/typing.ts [--rounds 5] [--cpu 6]
 *
 * Each round opens /product afresh (its scripts started and hydrated), types a search at a
 * quick typist's pace (the suggestions load as it goes), then a price into the filter panel.
 * Keystrokes under 16 ms are not reported by the browser and count as 16 ms. Loopback only.
 */
import { chromium } from '@playwright/test';
import { ensureBuild } from '../scripts/run.js';
import { median, percentile, startShop, stopShop } from './lib/shop.js';

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const rounds = Number(argument('--rounds') ?? 5) || 5;
const cpu = Number(argument('--cpu') ?? 6) || 6;
const port = Number(process.env.TYPING_PORT ?? 3398);
const base = `http://127.0.0.1:${port}`;

/** Installed before the page's scripts: every keyboard event's duration, by interaction. */
function collectEventTimings() {
  const seen: { id: number; duration: number }[] = [];
  (window as unknown as { __keystrokes: typeof seen }).__keystrokes = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId) seen.push({ id: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

type Field = { name: string; locate: string; text: string };
const fields: Field[] = [
  { name: 'search box', locate: '#site-search-input', text: 'samsung smart tv 55' },
  { name: 'price field (From)', locate: '.store-aside input[name="min"]', text: '15000' },
];

if (!process.env.DIST_DIR) await ensureBuild();
const shop = await startShop(port, {
  DATA_DIR: process.env.DATA_DIR ?? `.data/typing-${port}`,
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
try {
  const results = new Map<string, { p50: number[]; worst: number[]; keys: number }>();
  for (let round = 0; round < rounds; round++) {
    for (const field of fields) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript(collectEventTimings);
      const cdp = await page.context().newCDPSession(page);
      await page.goto(`${base}/product`);
      // The scripts start on a key press (decision 026) and hydrate; the CPU is slowed after.
      await page.keyboard.press('Shift');
      await page.waitForSelector('html[data-hydrated]');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.evaluate(() => {
        (window as unknown as { __keystrokes: unknown[] }).__keystrokes.length = 0;
      });
      await page.click(field.locate);
      await page.keyboard.type(field.text, { delay: 90 });
      await page.waitForTimeout(1500);
      const entries = await page.evaluate(
        () => (window as unknown as { __keystrokes: { id: number; duration: number }[] }).__keystrokes,
      );
      const byInteraction = new Map<number, number>();
      for (const { id, duration } of entries)
        byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
      const durations = [...byInteraction.values()];
      while (durations.length < field.text.length) durations.push(16);
      durations.sort((a, b) => a - b);
      const row = results.get(field.name) ?? { p50: [], worst: [], keys: field.text.length };
      row.p50.push(percentile(durations, 50));
      row.worst.push(durations.at(-1) ?? 0);
      results.set(field.name, row);
      console.log(`  round ${round + 1} ${field.name}: ${durations.join(' ')} ms`);
      await page.close();
    }
  }
  console.log(`\nTyping at ${cpu}x CPU slowdown, ${rounds} rounds (median of the rounds' figures)\n`);
  console.log('| field | keystrokes | median keystroke | slowest keystroke |');
  console.log('|---|---|---|---|');
  for (const [name, row] of results) {
    console.log(`| ${name} | ${row.keys} | ${median(row.p50)} ms | ${median(row.worst)} ms |`);
  }
} finally {
  await browser.close();
  await stopShop(shop);
}

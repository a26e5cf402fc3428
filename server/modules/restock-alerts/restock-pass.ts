import { defaultLocale, type Locale } from '../../../shared/locales.js';
import type { Database, Executor } from '../../db/client.js';
import { messageReach } from '../accounts/index.js';
import { type WatchedProduct, watchedProducts } from '../catalog/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { nextSendableAt, queueMessage } from '../messages/index.js';
import { backInStockEmail } from './restock-alerts.emails.js';
import * as repository from './restock-alerts.repository.js';

/**
 * A pass over the shoppers waiting for stock (decision 056). For each product or size waited for,
 * the units that came back since the last pass saw it (`stock_seen`) go to as many shoppers, in the
 * order they asked: each request is marked notified in the transaction that queues its e-mail and
 * messages, so it is alerted once. The rest wait for the next rise. A product or size that left the
 * storefront cancels its requests. Runs after stock changes and every RESTOCK_ALERT_POLL_SECONDS;
 * an advisory lock makes two servers' passes take turns instead of counting the same units twice.
 */
export type RestockPassResult = { busy: boolean; notified: number; cancelled: number };

/** The stock a target waits for now; undefined when it has left the storefront. */
function stockOf(product: WatchedProduct | undefined, variantId: string | null) {
  if (!product || product.archived) return undefined;
  if (!variantId) return { quantity: product.quantity, label: '' };
  const variant = product.variants.get(variantId);
  if (!variant || variant.archived) return undefined;
  return { quantity: variant.quantity, label: variant.label };
}

export function productUrl(publicUrl: string, slug: string, locale: Locale): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  return `${publicUrl}${prefix}/product/${encodeURIComponent(slug)}`;
}

async function alert(
  tx: Executor,
  request: repository.RequestRow,
  product: WatchedProduct,
  label: string,
  deps: { publicUrl: string; now: Date },
): Promise<'notified' | 'cancelled' | 'skipped'> {
  const { now } = deps;
  const reach = await messageReach(tx, request.userId);
  if (!reach) {
    // An erased or blocked account: nobody to tell.
    await repository.cancelByShop(tx, [request.id], now);
    return 'cancelled';
  }
  if (!(await repository.markNotified(tx, request.id, now))) return 'skipped';
  const language = request.language;
  const name = label ? `${product.titles[language]} (${label})` : product.titles[language];
  const url = productUrl(deps.publicUrl, product.slug, language);
  // Asked for, so no consent to market is needed, but it still waits out the quiet hours on
  // every channel: queueMessage holds SMS and WhatsApp, and the e-mail waits the same way.
  const sendAt = nextSendableAt(now);
  if (reach.email) {
    await queueEmail(
      tx,
      backInStockEmail({ to: reach.email, firstname: reach.firstname, product: name, url, locale: language }),
      'back in stock',
      sendAt > now ? { notBefore: sendAt } : {},
    );
  }
  for (const channel of ['sms', 'whatsapp'] as const) {
    if (!request.channels.includes(channel) || !reach.mobile) continue;
    await queueMessage(
      tx,
      {
        channel,
        to: reach.mobile,
        userId: request.userId,
        kind: 'back-in-stock',
        language,
        params: { name: reach.firstname, product: name, url },
        eventKey: `restock:${request.id}`,
      },
      now,
    );
  }
  return 'notified';
}

export async function runRestockPass(
  db: Database,
  deps: { publicUrl: string; now?: Date },
): Promise<RestockPassResult> {
  const now = deps.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await repository.tryPassLock(tx))) return { busy: true, notified: 0, cancelled: 0 };
    const targets = await repository.openTargets(tx);
    const products = await watchedProducts(
      tx,
      targets.map((t) => t.productId),
    );
    const result: RestockPassResult = { busy: false, notified: 0, cancelled: 0 };
    for (const target of targets) {
      const product = products.get(target.productId);
      const stock = stockOf(product, target.variantId);
      if (!product || !stock) {
        result.cancelled += await repository.cancelTarget(tx, target, now);
        continue;
      }
      // The most any waiting request saw: never count the same units twice.
      let units = stock.quantity - target.seen;
      const read = new Set<string>();
      while (units > 0) {
        // Each request alerted leaves the open ones (notified, cancelled, or found so meanwhile).
        const next = (await repository.firstOpenOf(tx, target, Math.min(units, 100))).filter(
          (request) => !read.has(request.id),
        );
        if (next.length === 0) break;
        for (const request of next) {
          read.add(request.id);
          if (units <= 0) break;
          const outcome = await alert(tx, request, product, stock.label, { publicUrl: deps.publicUrl, now });
          if (outcome === 'notified') {
            units -= 1;
            result.notified += 1;
          } else if (outcome === 'cancelled') {
            result.cancelled += 1;
          }
        }
      }
      await repository.recordStockSeen(tx, target, stock.quantity);
    }
    return result;
  });
}

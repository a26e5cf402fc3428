import type { ApiDataExport } from '../../../shared/api/data-rights.schemas.js';
import type {
  ApiMyRestockRequests,
  ApiRestockOverview,
  ApiRestockRequest,
} from '../../../shared/api/restock-alerts.schemas.js';
import type { CustomerChannel } from '../../../shared/channels.js';
import type { Locale } from '../../../shared/locales.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { messageReach } from '../accounts/index.js';
import { type WatchedProduct, watchedProducts } from '../catalog/index.js';
import * as repository from './restock-alerts.repository.js';
import { type RestockPassResult, runRestockPass } from './restock-pass.js';

const PRODUCT_GONE = 'This product does not exist or is no longer sold.';
const VARIANT_GONE = 'That size or colour of this product is not sold any more. Please choose another.';

function answerOf(row: repository.RequestRow): ApiRestockRequest {
  return {
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    channels: row.channels,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The product (on sale) and the size a shopper means; 404 when either is not sold, 400 when a size is due. */
async function targetOf(db: Database, productId: string, variantId: string | undefined) {
  if (!isUuid(productId)) throw notFound(PRODUCT_GONE);
  const product = (await watchedProducts(db, [productId])).get(productId);
  if (!product || product.archived) throw notFound(PRODUCT_GONE);
  if (variantId) {
    const variant = product.variants.get(variantId);
    if (!variant || variant.archived) throw notFound(VARIANT_GONE);
    // A product without options has one variant: waiting for it is waiting for the product.
    if (!product.hasOptions) return { product, variantId: null, quantity: product.quantity };
    return { product, variantId, quantity: variant.quantity };
  }
  if (product.hasOptions) {
    throw badRequest('Please choose the size or colour you are waiting for.', {
      variantId: 'Please choose the size or colour you are waiting for.',
    });
  }
  return { product, variantId: null, quantity: product.quantity };
}

/** The channels besides e-mail this shopper may choose: SMS and WhatsApp need a verified number. */
async function reachOf(db: Database, userId: string) {
  const reach = await messageReach(db, userId);
  if (!reach) throw notFound('Account not found.');
  return reach;
}

function titleOf(product: WatchedProduct | undefined, variantId: string | null) {
  if (!product) return { title: 'A deleted product', variant: '' };
  return {
    title: product.titles.en,
    variant: variantId ? (product.variants.get(variantId)?.label ?? '') : '',
  };
}

export function createRestockAlerts(deps: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = deps;
  return {
    async request(
      userId: string,
      productId: string,
      input: { variantId?: string | undefined; channels?: CustomerChannel[] | undefined },
      language: Locale,
    ): Promise<{ request: ApiRestockRequest; message: string }> {
      const target = await targetOf(db, productId, input.variantId);
      if (target.quantity > 0) throw conflict('This is in stock: you can buy it now.');
      const reach = await reachOf(db, userId);
      const wanted = input.channels ?? [
        ...(reach.orders.sms ? (['sms'] as const) : []),
        ...(reach.orders.whatsapp ? (['whatsapp'] as const) : []),
      ];
      const extra = wanted.filter((c): c is 'sms' | 'whatsapp' => c !== 'email');
      if (extra.length > 0 && !reach.mobile) {
        throw badRequest('Verify your mobile number on your profile to be told by SMS or WhatsApp.', {
          channels: 'Verify your mobile number on your profile to be told by SMS or WhatsApp.',
        });
      }
      const channels: CustomerChannel[] = ['email', ...new Set(extra)];
      const row = await repository.openRequest(db, {
        userId,
        productId: target.product.id,
        variantId: target.variantId,
        channels,
        language,
      });
      return { request: answerOf(row), message: "We'll tell you when it's back." };
    },

    async cancel(userId: string, productId: string, variantId: string | undefined) {
      if (!isUuid(productId)) throw notFound(PRODUCT_GONE);
      const product = (await watchedProducts(db, [productId])).get(productId);
      if (!product) throw notFound(PRODUCT_GONE);
      const target = variantId && product.hasOptions ? variantId : null;
      const cancelled = await repository.cancelOpen(db, userId, productId, target, new Date());
      return {
        cancelled,
        message: cancelled ? "We won't tell you when it's back." : 'You were not waiting for this.',
      };
    },

    async mine(userId: string): Promise<ApiMyRestockRequests> {
      const [rows, reach] = await Promise.all([repository.openOfUser(db, userId), reachOf(db, userId)]);
      return {
        requests: rows.map(answerOf),
        channels: reach.mobile ? ['email', 'sms', 'whatsapp'] : ['email'],
      };
    },

    /** The console: who waits for what (most shoppers first) and the last 50 alerts sent. */
    async overview(): Promise<ApiRestockOverview> {
      const [open, recent] = await Promise.all([
        repository.openTargets(db),
        repository.recentlyNotified(db, 50),
      ]);
      const products = await watchedProducts(
        db,
        [...open, ...recent].map((r) => r.productId),
      );
      const waiting = open.map((target) => {
        const product = products.get(target.productId);
        return {
          productId: target.productId,
          ...titleOf(product, target.variantId),
          shoppers: target.shoppers,
          oldest: target.oldest.toISOString(),
          inStock: target.variantId
            ? (product?.variants.get(target.variantId)?.quantity ?? 0)
            : (product?.quantity ?? 0),
        };
      });
      return {
        waiting: waiting.sort((a, b) => b.shoppers - a.shoppers || a.oldest.localeCompare(b.oldest)),
        recent: recent.map((row) => ({
          id: row.id,
          productId: row.productId,
          ...titleOf(products.get(row.productId), row.variantId),
          channels: row.channels,
          requestedAt: row.createdAt.toISOString(),
          notifiedAt: row.notifiedAt!.toISOString(),
        })),
      };
    },

    /** One pass now (after a stock change, by the sweep, or by a test with its own clock). */
    pass(now?: Date): Promise<RestockPassResult> {
      return runRestockPass(db, { publicUrl, now });
    },
  };
}

export type RestockAlerts = ReturnType<typeof createRestockAlerts>;

/** A customer's "Notify me" requests, open and past, named as the shop knows them (their data export). */
export async function restockRequestsOfCustomer(
  db: Database,
  userId: string,
): Promise<ApiDataExport['backInStockRequests']> {
  const rows = await repository.allOfUser(db, userId);
  const products = await watchedProducts(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => {
    const { title, variant } = titleOf(products.get(row.productId), row.variantId);
    return {
      product: title,
      size: variant,
      channels: row.channels,
      createdAt: row.createdAt.toISOString(),
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    };
  });
}

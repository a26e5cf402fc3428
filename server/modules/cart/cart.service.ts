import type { ApiCartLine, ApiWrittenCartLine } from '../../../shared/api/cart.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { type AddToCart, CART_QUANTITY_MAX } from '../../../shared/schemas/cart.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { presentTranslations, text } from '../../lib/translations.js';
import { type CatalogService, chooseVariant, sellableVariants } from '../catalog/index.js';
import * as repository from './cart.repository.js';

const presentWrittenLine = (row: repository.CartLineRow): ApiWrittenCartLine => ({
  _id: row.id,
  userId: row.userId,
  productId: row.productId,
  variantId: row.variantId,
  color: row.colorId,
  quantity: row.quantity,
  price: paiseToRupees(row.pricePaise),
});

const LINE_NOT_FOUND = 'This item is no longer in your cart.';

function stockMessage(stock: number, inCart: number) {
  if (stock === 0) return 'Sorry, this product is out of stock.';
  const cap = Math.min(stock, CART_QUANTITY_MAX);
  const limit =
    stock < CART_QUANTITY_MAX
      ? `Only ${stock} left in stock`
      : `You can buy up to ${CART_QUANTITY_MAX} of an item`;
  return inCart > 0
    ? `${limit}, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart.`
    : `${limit}. Please choose ${cap} or fewer.`;
}

/**
 * The cart belongs to the server: prices come from the catalogue (a client's price is ignored),
 * the variant must be one of the product's on sale, and quantities stay within 1..10 and its stock.
 */
export function createCartService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;

  return {
    async add(userId: string, input: AddToCart): Promise<ApiWrittenCartLine> {
      const variant = await chooseVariant(db, input.productId, {
        variantId: input.variantId,
        colorId: input.color,
      });
      if (!variant.colorId) throw badRequest('Please choose color', { color: 'Please choose color' });
      const max = Math.min(variant.quantity, CART_QUANTITY_MAX);
      if (input.quantity > max) throw badRequest(stockMessage(variant.quantity, 0));
      const line = await repository.addToLine(
        db,
        {
          userId,
          productId: variant.productId,
          variantId: variant.id,
          colorId: variant.colorId,
          quantity: input.quantity,
          pricePaise: variant.pricePaise,
        },
        max,
      );
      if (!line) {
        const lines = await repository.linesOf(db, userId);
        const inCart =
          lines.find((l) => l.variantId === variant.id && l.colorId === variant.colorId)?.quantity ?? 0;
        throw badRequest(stockMessage(variant.quantity, inCart));
      }
      return presentWrittenLine(line);
    },

    /** Lines with the full product and the variant's current price (a price change since adding shows). */
    async list(userId: string): Promise<ApiCartLine[]> {
      const lines = await repository.linesOf(db, userId);
      const [products, variants] = await Promise.all([
        catalog.productsByIds(lines.map((l) => l.productId)),
        sellableVariants(
          db,
          lines.map((l) => l.variantId),
        ),
      ]);
      return lines.flatMap((line) => {
        const product = products.get(line.productId);
        const variant = variants.get(line.variantId);
        if (!product || !variant) return [];
        return [
          {
            _id: line.id,
            userId: line.userId,
            productId: product,
            variantId: variant.id,
            sku: variant.sku,
            options: variant.label,
            color: {
              _id: line.colorId,
              title: line.colorTitle,
              name: line.colorName,
              translations: presentTranslations(line.colorTranslations, { name: text }),
            },
            quantity: line.quantity,
            price: paiseToRupees(variant.pricePaise),
          },
        ];
      });
    },

    /** `quantity` is already within 1..10 (the endpoint's schema); the stock is checked here. */
    async updateQuantity(userId: string, lineId: string, quantity: number): Promise<ApiWrittenCartLine> {
      if (!isUuid(lineId)) throw notFound(LINE_NOT_FOUND);
      const line = await repository.findLine(db, userId, lineId);
      if (!line) throw notFound(LINE_NOT_FOUND);
      const variant = (await sellableVariants(db, [line.variantId])).get(line.variantId);
      if (!variant) throw notFound(LINE_NOT_FOUND);
      if (variant.archived) {
        throw conflict(`Sorry, ${variant.title} is no longer sold. Please remove it from your cart.`);
      }
      if (quantity > variant.quantity) throw badRequest(stockMessage(variant.quantity, 0));
      const updated = await repository.setLineQuantity(db, userId, lineId, quantity, variant.pricePaise);
      if (!updated) throw notFound(LINE_NOT_FOUND);
      return presentWrittenLine(updated);
    },
    async remove(userId: string, lineId: string) {
      if (!isUuid(lineId) || !(await repository.deleteLine(db, userId, lineId)))
        throw notFound(LINE_NOT_FOUND);
      return { message: 'Product removed from cart!', _id: lineId };
    },

    async empty(userId: string) {
      const deletedCount = await repository.deleteAllLines(db, userId);
      return { message: 'Your cart is now empty.', deletedCount };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

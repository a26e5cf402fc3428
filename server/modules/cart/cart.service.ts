import type { ApiCartLine, ApiWrittenCartLine } from '../../../shared/api/cart.schemas.js';
import { paiseToRupees } from '../../../shared/money.js';
import { type AddToCart, CART_QUANTITY_MAX } from '../../../shared/schemas/cart.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { CatalogService } from '../catalog/index.js';
import * as repository from './cart.repository.js';

const presentWrittenLine = (row: repository.CartLineRow): ApiWrittenCartLine => ({
  _id: row.id,
  userId: row.userId,
  productId: row.productId,
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
 * colours must be the product's, and quantities stay within 1..10 and the stock.
 */
export function createCartService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;

  async function loadProduct(productId: string, colorId: string) {
    if (!isUuid(productId)) throw notFound('This product does not exist or is no longer sold.');
    if (!isUuid(colorId)) throw badRequest('Please choose color', { color: 'Please choose color' });
    const product = await repository.productForCart(db, productId, colorId);
    if (!product) throw notFound('This product does not exist or is no longer sold.');
    if (product.archived) throw conflict(`Sorry, ${product.title} is no longer sold.`);
    if (!product.hasColor) {
      throw badRequest('That colour is not available for this product. Please choose color', {
        color: 'Please choose color',
      });
    }
    return product;
  }

  return {
    async add(userId: string, input: AddToCart): Promise<ApiWrittenCartLine> {
      const product = await loadProduct(input.productId, input.color);
      const max = Math.min(product.quantity, CART_QUANTITY_MAX);
      if (input.quantity > max) throw badRequest(stockMessage(product.quantity, 0));
      const line = await repository.addToLine(
        db,
        {
          userId,
          productId: product.id,
          colorId: input.color,
          quantity: input.quantity,
          pricePaise: product.pricePaise,
        },
        max,
      );
      if (!line) {
        const lines = await repository.linesOf(db, userId);
        const inCart =
          lines.find((l) => l.productId === product.id && l.colorId === input.color)?.quantity ?? 0;
        throw badRequest(stockMessage(product.quantity, inCart));
      }
      return presentWrittenLine(line);
    },

    /** Lines with the full product and its current price (a price change since adding shows). */
    async list(userId: string): Promise<ApiCartLine[]> {
      const lines = await repository.linesOf(db, userId);
      const products = await catalog.productsByIds(lines.map((l) => l.productId));
      return lines.flatMap((line) => {
        const product = products.get(line.productId);
        if (!product) return [];
        return [
          {
            _id: line.id,
            userId: line.userId,
            productId: product,
            color: { _id: line.colorId, title: line.colorTitle, name: line.colorName },
            quantity: line.quantity,
            price: product.price,
          },
        ];
      });
    },

    /** `quantity` is already within 1..10 (the endpoint's schema); the stock is checked here. */
    async updateQuantity(userId: string, lineId: string, quantity: number): Promise<ApiWrittenCartLine> {
      if (!isUuid(lineId)) throw notFound(LINE_NOT_FOUND);
      const line = await repository.findLine(db, userId, lineId);
      if (!line) throw notFound(LINE_NOT_FOUND);
      const product = await repository.productForCart(db, line.productId, line.colorId);
      if (!product) throw notFound(LINE_NOT_FOUND);
      if (product.archived) {
        throw conflict(`Sorry, ${product.title} is no longer sold. Please remove it from your cart.`);
      }
      if (quantity > product.quantity) throw badRequest(stockMessage(product.quantity, 0));
      const updated = await repository.setLineQuantity(db, userId, lineId, quantity, product.pricePaise);
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

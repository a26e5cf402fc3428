import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ApiCheckoutStart,
  CashOnDeliveryInput,
  CheckoutQuoteInput,
  CheckoutStartInput,
  PaymentVerificationInput,
} from '../../../shared/api/checkout.schemas.js';
import type { ApiPaymentInfo } from '../../../shared/api/orders.schemas.js';
import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas.js';
import { type CodFee, NO_COD_FEE } from '../../../shared/cod-fee.js';
import { formatPaise, rupeesToPaise } from '../../../shared/money.js';
import type { Database, Transaction } from '../../db/client.js';
import type { CheckoutLineSnapshot, ShippingInfo } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { lockShopper } from '../../lib/shopper-lock.js';
import { type CartLineForCheckout, cartLinesOf } from '../cart/index.js';
import { assertAvailable, holdStock, stockLineOf, taxonomyTitles } from '../catalog/index.js';
import {
  type CheckoutCoupon,
  couponForCheckout,
  releaseCouponHoldsOfUser,
  reserveCouponUse,
} from '../coupons/index.js';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  upsertPayment,
} from '../payments/index.js';
import { checkDeliveryPincode } from '../pincodes/index.js';
import type { ShippingService } from '../shipping/index.js';
import { cartForPricing } from './cart-pricing.js';
import type { CheckoutRow } from './checkout.repository.js';
import * as repository from './checkout.repository.js';
import {
  type CashOnDeliveryLimit,
  cashOnDeliveryFor,
  cashOnDeliveryQuote,
  DEFAULT_CASH_ON_DELIVERY,
} from './cod-pricing.js';
import {
  CouponNotApplicable,
  type DeliveryRules,
  MIN_PAYABLE_PAISE,
  type PriceBreakup,
  type PricingLine,
  presentBreakup,
  presentQuote,
  priceCart,
} from './pricing.js';

const NOT_VERIFIED =
  'We could not verify this payment. If money left your account, it will be refunded automatically.';
const PAID_STATES = new Set(['authorized', 'captured']);

/** The provider could not be reached or failed: nothing is decided, the shopper may retry. */
export function providerUnavailable(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    throw new AppError(503, 'The payment service is not responding right now. Please try again in a moment.');
  }
  throw error;
}

const EMPTY_QUOTE: Omit<ApiCheckoutQuote, 'cashOnDelivery'> = {
  itemsMrp: 0,
  productDiscount: 0,
  coupon: null,
  delivery: 0,
  codFee: 0,
  total: 0,
  taxIncluded: 0,
  items: 0,
  freeDeliveryFrom: null,
  addForFreeDelivery: 0,
};

/** The checkouts of cash-on-delivery orders: no provider takes their money. */
export const CASH_ON_DELIVERY = 'cod';

/** The shop's delivery fee and free-delivery threshold by default (config: DELIVERY_FEE, FREE_DELIVERY_FROM). */
export const DEFAULT_DELIVERY: DeliveryRules = { feePaise: 4900, freeFromPaise: 50000 };

export type CheckoutDeps = {
  db: Database;
  provider: PaymentProvider;
  holdMinutes: number;
  delivery?: DeliveryRules;
  /** The seller's state, for splitting the GST (its amount is what the breakup shows). */
  sellerState?: string;
  /** Cash on delivery: the largest order it may pay, in paise; 0 turns it off. */
  cashOnDelivery?: CashOnDeliveryLimit;
  /** The delivery charge by the shop's shipping settings; without it, `delivery` always. */
  shipping?: Pick<ShippingService, 'chargeFor'>;
};

/**
 * Checkout: the server works out what is being paid for from the customer's own cart and keeps
 * that record (the snapshot) with the provider's order id; verification checks a payment against
 * the order id stored here, never the one the browser reports. The total and its breakup (coupon,
 * delivery, GST included) are computed here only (pricing.ts), for the quote and the checkout alike.
 */
export class CheckoutService {
  private readonly db: Database;
  private readonly provider: PaymentProvider;
  private readonly holdMinutes: number;
  private readonly cashOnDelivery: CashOnDeliveryLimit;
  private readonly delivery: DeliveryRules;
  private readonly sellerState: string;
  private readonly shipping: CheckoutDeps['shipping'];

  constructor(deps: CheckoutDeps) {
    this.db = deps.db;
    this.provider = deps.provider;
    this.holdMinutes = deps.holdMinutes;
    this.cashOnDelivery = deps.cashOnDelivery ?? DEFAULT_CASH_ON_DELIVERY;
    this.delivery = deps.delivery ?? DEFAULT_DELIVERY;
    this.sellerState = deps.sellerState ?? 'Karnataka';
    this.shipping = deps.shipping;
  }

  /**
   * What delivering these lines to `pincode` costs below the free threshold (the shop's flat fee,
   * the rate card's price for the parcel's zone and weight, or the courier provider's quote) and
   * when it arrives, with cash on delivery's handling fee as the shop's settings set it.
   */
  private async deliveryTo(pincode: string | undefined, lines: PricingLine[]) {
    if (!this.shipping)
      return { rules: this.delivery, codFee: NO_COD_FEE, serviceable: true, deliveryBy: null };
    const charge = await this.shipping.chargeFor(this.db, pincode, lines);
    const rules: DeliveryRules = { feePaise: charge.feePaise, freeFromPaise: charge.freeFromPaise };
    return { rules, codFee: charge.codFee, serviceable: charge.serviceable, deliveryBy: charge.deliveryBy };
  }

  /** "SAVE10 is for Watches (Casio): nothing in your cart is." when a restriction leaves nothing. */
  private async notApplicableMessage(coupon: CheckoutCoupon): Promise<string> {
    const [categories, brands] = await Promise.all([
      taxonomyTitles(this.db, 'category', coupon.categoryIds),
      taxonomyTitles(this.db, 'brand', coupon.brandIds),
    ]);
    const names = (titles: Map<string, string>) => [...titles.values()].join(', ');
    const what =
      categories.size && brands.size
        ? `${names(categories)} by ${names(brands)}`
        : names(categories) || names(brands);
    return what
      ? `${coupon.code} is for ${what} only: nothing in your cart is.`
      : `${coupon.code} does not apply to the items in your cart.`;
  }

  /** The cart priced with the coupon typed (if any); 400 on the coupon field when it cannot be used. */
  private async price(
    userId: string,
    lines: PricingLine[],
    code: string | undefined,
    delivery: DeliveryRules,
    deliveryState?: string,
    codFee?: CodFee,
  ): Promise<{ coupon: CheckoutCoupon | null; breakup: PriceBreakup }> {
    const coupon = code ? await couponForCheckout(this.db, code, userId) : null;
    try {
      return {
        coupon,
        breakup: priceCart({
          lines,
          coupon,
          delivery,
          codFee,
          sellerState: this.sellerState,
          deliveryState,
        }),
      };
    } catch (error) {
      if (!(error instanceof CouponNotApplicable) || !coupon) throw error;
      const message = error.noEligibleLines ? await this.notApplicableMessage(coupon) : error.message;
      throw badRequest(message, { coupon: message });
    }
  }

  /**
   * The cart priced for an order, online or cash on delivery, with everything checked that can be
   * before anything is held: the pincode (and, for COD, that its couriers take cash), the coupon,
   * the total against what the shopper was shown, COD's limit, stock not held for others. Cash on
   * delivery is priced with its handling fee, which must have been shown: an order with a fee is
   * placed only for the `expectedTotal` the shopper saw.
   */
  private async priceToOrder(
    userId: string,
    input: {
      shippingInfo?: ShippingInfo | undefined;
      coupon?: string | undefined;
      expectedTotal?: number | undefined;
    },
    method: 'online' | 'cod',
  ) {
    // Before anything is held or paid: a pincode the shop does not serve, or in another state
    // than the one chosen, is a 400 naming the problem. Clients that send no address
    // here give it after payment, when it is never refused.
    if (input.shippingInfo) {
      await checkDeliveryPincode(this.db, input.shippingInfo.pincode, input.shippingInfo.state, {
        cashOnDelivery: method === 'cod',
      });
    }
    const cart = await cartForPricing(this.db, userId);
    const { rules, codFee } = await this.deliveryTo(input.shippingInfo?.pincode, cart);
    const { coupon, breakup } = await this.price(
      userId,
      cart,
      input.coupon,
      rules,
      input.shippingInfo?.state,
      method === 'cod' ? codFee : undefined,
    );
    if (breakup.totalPaise < MIN_PAYABLE_PAISE)
      throw badRequest(
        `The total must be at least ${formatPaise(MIN_PAYABLE_PAISE)} to ${method === 'cod' ? 'order' : 'pay online'}.`,
      );
    if (method === 'cod') {
      const cod = cashOnDeliveryFor(this.cashOnDelivery, breakup.totalPaise);
      if (!cod.available) throw badRequest(`${cod.reason} Please pay online.`);
      // A fee nobody was shown is never charged: the client must say which total it showed.
      if (breakup.codFeePaise > 0 && input.expectedTotal === undefined) {
        const message = `Cash on delivery adds a ${formatPaise(breakup.codFeePaise)} handling fee: the total is ${formatPaise(breakup.totalPaise)}. Show it and send it as expectedTotal to place the order.`;
        throw badRequest(message, { expectedTotal: message });
      }
    }
    // Never charge other than what the page showed: a price, the cart, the coupon, the delivery
    // charge or the cash-on-delivery fee changed since.
    if (input.expectedTotal !== undefined && rupeesToPaise(input.expectedTotal) !== breakup.totalPaise) {
      const what =
        method === 'cod'
          ? 'a price, your cart or a delivery or cash-on-delivery charge'
          : 'a price or your cart';
      throw new AppError(
        409,
        `The total is now ${formatPaise(breakup.totalPaise)}, not ${formatPaise(rupeesToPaise(input.expectedTotal))}: ${what} changed. Please check the new total and ${method === 'cod' ? 'place the order' : 'pay'} again.`,
      );
    }
    // Stock not held for other shoppers; a quick 409 before a provider order is made.
    await assertAvailable(this.db, userId, breakup.lines.map(stockLineOf));
    const lines: CheckoutLineSnapshot[] = breakup.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      variantTitle: line.variantTitle,
      colorId: line.colorId,
      title: line.title,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      discountPaise: line.discountPaise,
      mrpPaise: line.mrpPaise,
    }));
    return { coupon, breakup, lines };
  }

  /**
   * The round a new checkout belongs to, under the shopper's lock: the one of their latest
   * checkout (it replaces that one: one order for the cart, whichever is paid), or a new round once
   * that one was ordered. The cart must still hold what was priced: an order placed from it since
   * (the other of two checkouts sent at once, already paid) took those lines.
   */
  private async roundFor(tx: Transaction, userId: string, lines: CheckoutLineSnapshot[]): Promise<string> {
    await lockShopper(tx, userId);
    const cart = await cartLinesOf(tx, userId);
    const inCart = (line: CheckoutLineSnapshot) =>
      cart.some((c: CartLineForCheckout) => c.variantId === line.variantId && c.quantity === line.quantity);
    if (!lines.every(inCart))
      throw new AppError(
        409,
        'Your cart changed while the payment was being set up (were these items just ordered?). Please check My orders and your cart, then try again.',
      );
    const latest = await repository.latestCheckoutOf(tx, userId);
    if (!latest) return randomUUID();
    const round = repository.roundOf(latest);
    return (await repository.roundOrdered(tx, round)) ? randomUUID() : round;
  }

  /**
   * The checkout record with the cart's stock held for `holdMinutes` and one use of the coupon
   * held as long. A new checkout replaces the shopper's earlier holds, and joins their round.
   */
  private async recordCheckout(
    userId: string,
    shippingInfo: ShippingInfo | undefined,
    values: {
      provider: string;
      providerOrderId: string;
      coupon: CheckoutCoupon | null;
      breakup: PriceBreakup;
      lines: CheckoutLineSnapshot[];
      holdMinutes: number;
    },
  ) {
    const { breakup, lines, coupon } = values;
    return this.db.transaction(async (tx) => {
      const roundId = await this.roundFor(tx, userId, lines);
      const checkout = await repository.insertCheckout(tx, {
        roundId,
        userId,
        provider: values.provider,
        providerOrderId: values.providerOrderId,
        amountPaise: breakup.totalPaise,
        lines,
        couponCode: breakup.coupon?.code ?? null,
        couponDiscountPaise: breakup.coupon?.discountPaise ?? 0,
        deliveryPaise: breakup.deliveryPaise,
        codFeePaise: breakup.codFeePaise,
        ...(shippingInfo ? { shippingInfo } : {}),
      });
      const until = await holdStock(tx, {
        checkoutId: checkout.id,
        userId,
        lines: lines.map(stockLineOf),
        minutes: values.holdMinutes,
      });
      // After the stock (products, then coupon rows: the order placement takes them in that
      // order too), the shopper's earlier checkouts give their coupon uses back, then this one
      // takes its use under the coupon's lock.
      await releaseCouponHoldsOfUser(tx, userId);
      if (coupon && breakup.coupon) {
        await reserveCouponUse(tx, {
          coupon,
          userId,
          checkoutId: checkout.id,
          discountPaise: breakup.coupon.discountPaise,
          expiresAt: until ?? new Date(Date.now() + values.holdMinutes * 60_000),
        });
      }
      return { checkout, heldUntil: until };
    });
  }

  /**
   * POST user/order/quote: the breakup the checkout would charge now paying online, and what
   * paying in cash would come to (the handling fee, its total and GST); nothing is held.
   */
  async quote(userId: string, input: CheckoutQuoteInput): Promise<ApiCheckoutQuote> {
    // An empty cart costs nothing (a coupon still needs something to apply to).
    const lines = await cartForPricing(this.db, userId, { allowEmpty: !input.coupon });
    if (lines.length === 0)
      return {
        ...EMPTY_QUOTE,
        cashOnDelivery: cashOnDeliveryQuote(this.cashOnDelivery, {
          codFeePaise: 0,
          totalPaise: 0,
          taxPaise: 0,
        }),
      };
    const delivery = await this.deliveryTo(input.pincode, lines);
    if (input.pincode && !delivery.serviceable) {
      const message = `We do not deliver to ${input.pincode} yet.`;
      throw badRequest(message, { pincode: message });
    }
    const { coupon, breakup } = await this.price(userId, lines, input.coupon, delivery.rules);
    // The same cart paid in cash: the coupon as found above, the fee on top.
    const inCash = priceCart({
      lines,
      coupon,
      delivery: delivery.rules,
      codFee: delivery.codFee,
      sellerState: this.sellerState,
    });
    return {
      ...presentQuote(breakup),
      cashOnDelivery: cashOnDeliveryQuote(this.cashOnDelivery, inCash),
      ...(input.pincode && delivery.deliveryBy ? { deliveryBy: delivery.deliveryBy } : {}),
    };
  }

  /**
   * POST user/order/checkout: a provider order for the server-computed total (items less any
   * coupon, plus delivery below the threshold), with the cart's stock held for `holdMinutes` and
   * one use of the coupon held as long, so nobody pays for a unit (or a use) that is gone. A new
   * checkout replaces the shopper's earlier holds; short stock is a 409 naming the product; a
   * coupon used up meanwhile a 400 (and the provider order is simply never paid).
   */
  async start(userId: string, input: CheckoutStartInput): Promise<ApiCheckoutStart> {
    const { coupon, breakup, lines } = await this.priceToOrder(userId, input, 'online');
    const amount = breakup.totalPaise;
    const receipt = `rcpt_${randomBytes(8).toString('hex')}`;
    const order = await this.provider
      .createOrder({ amount, currency: 'INR', receipt, notes: { customer: userId } })
      .catch(providerUnavailable);
    const { heldUntil } = await this.recordCheckout(userId, input.shippingInfo, {
      provider: this.provider.name,
      providerOrderId: order.id,
      coupon,
      breakup,
      lines,
      holdMinutes: this.holdMinutes,
    });
    return {
      success: true,
      order,
      key: this.provider.keyId,
      checkoutScript: this.provider.checkoutScriptUrl,
      heldUntil: heldUntil?.toISOString(),
      breakup: presentBreakup(breakup),
    };
  }

  /**
   * POST user/order/cod, its first half: the cart priced and checked exactly as for
   * paying online (pincode, coupon, expected total, stock), plus what cash on delivery needs (the
   * shop offers it, the pincode's couriers take cash, the total is within the limit), recorded as
   * a checkout of the `cod` "provider" with its stock and coupon use held. Order placement turns it
   * into the order at once (orders/cash-on-delivery.service.ts).
   */
  async prepareCashOnDelivery(userId: string, input: CashOnDeliveryInput): Promise<CheckoutRow> {
    if (this.cashOnDelivery.maxOrderPaise <= 0)
      throw badRequest('This shop does not offer cash on delivery. Please pay online.');
    const { coupon, breakup, lines } = await this.priceToOrder(userId, input, 'cod');
    const { checkout } = await this.recordCheckout(userId, input.shippingInfo, {
      provider: CASH_ON_DELIVERY,
      providerOrderId: `cod_${randomBytes(10).toString('hex')}`,
      coupon,
      breakup,
      lines,
      // Only until the order is placed, a moment later: it then takes the stock for good.
      holdMinutes: 5,
    });
    return checkout;
  }

  /** The customer's checkout for a provider order id; another customer's is "not found". */
  async ownCheckout(userId: string, providerOrderId: string) {
    const checkout = await repository.findCheckoutByProviderOrder(
      this.db,
      this.provider.name,
      providerOrderId,
    );
    if (!checkout || checkout.userId !== userId)
      throw notFound('We could not find that checkout. Please start again from your cart.');
    return checkout;
  }

  /**
   * POST user/order/paymentVerification. With a signature: HMAC over the stored order id. Either
   * way the provider must confirm the payment, for this order and amount, as authorized or
   * captured: a signature alone proves nothing about a payment the provider has never seen
   * (the test gateway's secret is public). "No such payment" is a 400 and nothing is recorded;
   * an unreachable provider is a 503 and the shopper (or the reconciler) tries again.
   */
  async verify(userId: string, input: PaymentVerificationInput): Promise<ApiPaymentInfo> {
    const checkout = await this.ownCheckout(userId, input.razorpayOrderId);
    if (input.orderCreationId && input.orderCreationId !== checkout.providerOrderId)
      throw badRequest(NOT_VERIFIED);
    if (input.razorpaySignature !== undefined) {
      const valid = this.provider.verifyPaymentSignature(
        checkout.providerOrderId,
        input.razorpayPaymentId,
        input.razorpaySignature,
      );
      if (!valid) throw badRequest(NOT_VERIFIED);
    }
    const payment: ProviderPayment | undefined = await this.provider
      .fetchPayment(input.razorpayPaymentId)
      .catch(providerUnavailable);
    const matches =
      payment !== undefined &&
      payment.order_id === checkout.providerOrderId &&
      payment.amount === checkout.amountPaise &&
      PAID_STATES.has(payment.status);
    if (!matches) throw badRequest(NOT_VERIFIED);
    await upsertPayment(this.db, {
      checkoutId: checkout.id,
      provider: this.provider.name,
      providerPaymentId: input.razorpayPaymentId,
      providerOrderId: checkout.providerOrderId,
      amountPaise: checkout.amountPaise,
      status: payment.status,
      method: payment.method,
      verifiedAt: new Date(),
    });
    if (checkout.status === 'pending') await repository.setCheckoutStatus(this.db, checkout.id, 'paid');
    return { razorpayOrderId: checkout.providerOrderId, razorpayPaymentId: input.razorpayPaymentId };
  }
}

export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  return new CheckoutService(deps);
}

import type { MessageKind } from '../../db/schema.js';

/**
 * Each kind's template variables, by name. Amounts are already written in rupees (en-IN, "₹1,299.00"),
 * links are whole addresses; every value is plain text (a template never carries markup).
 */
export type MessageParams = {
  'order-placed': { name: string; orderNumber: string; amount: string; url: string };
  'cod-code': { code: string; orderNumber: string; amount: string; minutes: string };
  'order-shipped': { name: string; orderNumber: string; courier: string; awb: string; trackingUrl: string };
  /** `codAmount` is what to keep ready in cash, or '' for a prepaid order. */
  'out-for-delivery': { name: string; orderNumber: string; codAmount: string };
  'order-delivered': { name: string; orderNumber: string; url: string };
  'refund-issued': { name: string; orderNumber: string; amount: string };
  /** The courier's reason, and the page where the customer answers (re-attempt, new address...). */
  'delivery-failed': { name: string; orderNumber: string; reason: string; url: string };
  'mobile-code': { code: string; minutes: string };
  'back-in-stock': { name: string; product: string; url: string };
  'price-drop': { name: string; product: string; oldPrice: string; newPrice: string; url: string };
  /** `items`: how many items wait in the cart; the link restores it. */
  'cart-reminder': { name: string; items: string; url: string };
};

/** The variables' order in each template (DLT and WhatsApp templates number their variables). */
export const messageParamOrder: { [K in MessageKind]: readonly (keyof MessageParams[K])[] } = {
  'order-placed': ['name', 'orderNumber', 'amount', 'url'],
  'cod-code': ['code', 'orderNumber', 'amount', 'minutes'],
  'order-shipped': ['name', 'orderNumber', 'courier', 'awb', 'trackingUrl'],
  'out-for-delivery': ['name', 'orderNumber', 'codAmount'],
  'order-delivered': ['name', 'orderNumber', 'url'],
  'refund-issued': ['name', 'orderNumber', 'amount'],
  'delivery-failed': ['name', 'orderNumber', 'reason', 'url'],
  'mobile-code': ['code', 'minutes'],
  'back-in-stock': ['name', 'product', 'url'],
  'price-drop': ['name', 'product', 'oldPrice', 'newPrice', 'url'],
  'cart-reminder': ['name', 'items', 'url'],
};

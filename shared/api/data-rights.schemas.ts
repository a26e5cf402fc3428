import * as z from 'zod/mini';
import { userAnswer } from './accounts.schemas.js';
import { cartLineAnswer } from './cart.schemas.js';
import { productAnswer } from './catalog.schemas.js';
import { notificationsAnswer } from './notifications.schemas.js';
import { orderAnswer, orderEventAnswer } from './orders.schemas.js';

/**
 * Everything the shop holds about the signed-in customer (Digital Personal Data Protection Act
 * 2023, right of access): the account, its sign-ins, e-mail changes and password resets, orders,
 * cart, wishlist, reviews and enquiries sent with the account's e-mail. Times are ISO strings (UTC).
 */
export const dataExportAnswer = z.object({
  about: z.object({
    shop: z.string(),
    exportedAt: z.string(),
    /** What each part is, in words, for a reader who is not a programmer. */
    contents: z.record(z.string(), z.string()),
  }),
  account: userAnswer,
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.nullable(z.string()),
    }),
  ),
  emailChanges: z.array(
    z.object({
      oldEmail: z.string(),
      newEmail: z.string(),
      createdAt: z.string(),
      undoneAt: z.nullable(z.string()),
    }),
  ),
  passwordResets: z.array(
    z.object({ createdAt: z.string(), expiresAt: z.string(), usedAt: z.nullable(z.string()) }),
  ),
  orders: z.array(orderAnswer),
  /** What happened to each order after it was placed (the order page's detail), newest order first. */
  orderHistory: z.array(
    z.object({
      orderNumber: z.string(),
      invoice: z.nullable(z.object({ number: z.string(), date: z.string() })),
      refunds: z.array(
        z.object({
          amount: z.number(),
          status: z.string(),
          method: z.string(),
          reason: z.string(),
          reference: z.nullable(z.string()),
          createdAt: z.string(),
          processedAt: z.nullable(z.string()),
        }),
      ),
      returns: z.array(
        z.object({
          status: z.string(),
          reason: z.string(),
          decisionNote: z.nullable(z.string()),
          lines: z.unknown(),
          createdAt: z.string(),
          decidedAt: z.nullable(z.string()),
          receivedAt: z.nullable(z.string()),
        }),
      ),
      creditNotes: z.array(z.object({ number: z.string(), amount: z.number(), date: z.string() })),
      timeline: z.array(orderEventAnswer),
    }),
  ),
  cart: z.array(cartLineAnswer),
  wishlist: z.array(productAnswer),
  reviews: z.array(
    z.object({
      productTitle: z.string(),
      productSlug: z.string(),
      star: z.number(),
      comment: z.string(),
      verifiedPurchase: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  consents: z.array(
    z.object({
      purpose: z.string(),
      given: z.boolean(),
      noticeVersion: z.string(),
      source: z.string(),
      at: z.string(),
    }),
  ),
  /** Where the shop writes to the customer and their switches (GET /api/user/me/notifications). */
  messageChannels: notificationsAnswer,
  /** "Notify me" requests for sold-out products and sizes, open and past. */
  backInStockRequests: z.array(
    z.object({
      product: z.string(),
      /** The size or colour waited for; empty for the product as a whole. */
      size: z.string(),
      channels: z.array(z.string()),
      createdAt: z.string(),
      notifiedAt: z.nullable(z.string()),
      cancelledAt: z.nullable(z.string()),
    }),
  ),
  /** Price drops on the wishlist and reminders of the cart: what was sent, when and how. */
  reminders: z.object({
    /** The price in rupees the customer last saw or was told a wishlisted product costs. */
    watchedPrices: z.array(
      z.object({ product: z.string(), lastPrice: z.number(), toldAt: z.nullable(z.string()) }),
    ),
    priceDrops: z.array(
      z.object({
        product: z.string(),
        oldPrice: z.number(),
        newPrice: z.number(),
        /** How many wishlisted items had dropped that day; the message named this one, the biggest. */
        itemsDropped: z.number(),
        channels: z.array(z.string()),
        sentAt: z.string(),
      }),
    ),
    cartReminders: z.array(
      z.object({
        items: z.number(),
        channels: z.array(z.string()),
        sentAt: z.string(),
        restoredAt: z.nullable(z.string()),
      }),
    ),
  }),
  enquiries: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      mobile: z.string(),
      comment: z.string(),
      status: z.string(),
      createdAt: z.string(),
      /** `enquiry` (the contact form), `grievance` or `rights-request`. */
      kind: z.string(),
      /** A complaint's or data request's ticket number; null for a contact-form enquiry. */
      ticketNumber: z.nullable(z.string()),
    }),
  ),
});
export type ApiDataExport = z.output<typeof dataExportAnswer>;

export const exportMyData = { response: dataExportAnswer };
/** The answer is text/csv; the schema documents it as a string. */
export const exportMyOrdersCsv = { response: z.string() };

/** Deleting the account asks for the password again: a borrowed phone must not be enough. */
export const eraseAccountSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your password to delete your account' })
    .check(
      z.minLength(1, 'Enter your password to delete your account'),
      z.maxLength(128, 'Your password is not correct'),
    ),
});
export type EraseAccountInput = z.input<typeof eraseAccountSchema>;

const messageAnswer = z.object({ message: z.string() });

export const marketingChoiceAnswer = z.object({
  subscribed: z.boolean(),
  /** When the current choice was made (ISO), or null when the customer never chose. */
  since: z.nullable(z.string()),
  /** The privacy notice version the current choice was made under, or null. */
  noticeVersion: z.nullable(z.string()),
});
export type ApiMarketingChoice = z.output<typeof marketingChoiceAnswer>;

export const eraseMyAccount = { body: eraseAccountSchema, response: messageAnswer };
export const myMarketingChoice = { response: marketingChoiceAnswer };
export const setMyMarketingChoice = {
  body: z.object({ subscribed: z.boolean({ error: 'subscribed must be true or false' }) }),
  response: marketingChoiceAnswer,
};
export const withdrawMarketingByLink = {
  query: z.object({
    token: z
      .string({ error: 'This link is incomplete. Please use the whole link from the e-mail.' })
      .check(
        z.regex(
          /^[A-Za-z0-9_-]{20,100}$/,
          'This link is incomplete. Please use the whole link from the e-mail.',
        ),
      ),
  }),
  response: messageAnswer,
};

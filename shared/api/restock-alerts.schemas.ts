import * as z from 'zod/mini';
import { customerChannels } from '../channels.js';

/** Back-in-stock alerts ("Notify me"): the shopper's requests and the console's view of them. */

const productParams = z.object({
  id: z.string().check(z.describe('The product id.')),
});

export const notifyMeBody = z.object({
  /** The size or colour waited for; required when the product has options. */
  variantId: z.optional(z.uuid('That is not a size or colour of this product')),
  /**
   * Where to be told. E-mail always; SMS and WhatsApp only to a verified mobile number. Left out:
   * e-mail, and each channel on which the shopper gets order updates.
   */
  channels: z.optional(
    z.array(z.enum(customerChannels, { error: 'Choose e-mail, SMS or WhatsApp' })).check(z.maxLength(3)),
  ),
});

export const notifyMeQuery = z.object({
  variantId: z.optional(z.uuid('That is not a size or colour of this product')),
});

export const restockRequestAnswer = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.nullable(z.string()),
  channels: z.array(z.enum(customerChannels)),
  createdAt: z.string(),
});
export type ApiRestockRequest = z.output<typeof restockRequestAnswer>;

export const notifyMeAnswer = z.object({ request: restockRequestAnswer, message: z.string() });
export const cancelNotifyMeAnswer = z.object({ cancelled: z.boolean(), message: z.string() });

/** The shopper's open requests, and the channels besides e-mail they may choose. */
export const myRestockRequestsAnswer = z.object({
  requests: z.array(restockRequestAnswer),
  /** SMS and WhatsApp are offered only for a verified mobile number. */
  channels: z.array(z.enum(customerChannels)),
});
export type ApiMyRestockRequests = z.output<typeof myRestockRequestsAnswer>;

/** The console: what shoppers wait for, and the alerts lately sent. */
export const restockOverviewAnswer = z.object({
  waiting: z.array(
    z.object({
      productId: z.string(),
      title: z.string(),
      /** The size or colour ("Navy / L"); '' for the product as a whole. */
      variant: z.string(),
      shoppers: z.number(),
      oldest: z.string(),
      inStock: z.number(),
    }),
  ),
  recent: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      title: z.string(),
      variant: z.string(),
      channels: z.array(z.enum(customerChannels)),
      requestedAt: z.string(),
      notifiedAt: z.string(),
    }),
  ),
});
export type ApiRestockOverview = z.output<typeof restockOverviewAnswer>;

export const notifyMe = { params: productParams, body: notifyMeBody, response: notifyMeAnswer };
export const cancelNotifyMe = { params: productParams, query: notifyMeQuery, response: cancelNotifyMeAnswer };
export const myRestockRequests = { response: myRestockRequestsAnswer };
export const restockOverview = { response: restockOverviewAnswer };

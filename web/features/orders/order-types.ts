import type { ApiImage } from '../../../shared/api-types';

/** An order as GET user/getmyorders returns it (products and colours populated, rupees). */
export type ApiOrder = {
  _id: string;
  orderNumber: string;
  shippingInfo: {
    firstName: string;
    lastName: string;
    address: string;
    landmark?: string;
    city: string;
    state: string;
    country?: string;
    pincode: string;
  };
  orderItems: {
    _id: string;
    product: { _id: string; slug?: string; title: string; images: ApiImage[] };
    title: string;
    color: { _id: string; title: string; name: string | null };
    quantity: number;
    price: number;
  }[];
  totalPrice: number;
  totalPriceAfterDiscount: number;
  orderStatus: string;
  /** The address could not be validated: kept as typed, the customer asked to confirm it. */
  addressToConfirm?: boolean;
  paymentInfo: { razorpayOrderId?: string; razorpayPaymentId?: string };
  paidAt: string;
  createdAt: string;
};

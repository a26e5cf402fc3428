/**
 * Razorpay's Standard Checkout in the browser. The script comes from the checkout response
 * (`checkoutScript`): Razorpay's own host, or the built-in test gateway's /pay/checkout.js, which
 * defines the same `Razorpay` constructor. It is added only at payment time.
 */
export type RazorpayHandlerResponse = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature?: string;
};

export type RazorpayFailure = {
  error?: { code?: string; description?: string; reason?: string };
};

export type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme: { color: string };
  handler: (response: RazorpayHandlerResponse) => void;
  modal: { ondismiss: () => void };
};

export type RazorpayInstance = {
  open(): void;
  on(event: 'payment.failed', handler: (failure: RazorpayFailure) => void): void;
};

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** Adds the checkout script once; resolves with the constructor, or undefined if it failed to load. */
export function loadCheckoutScript(src: string): Promise<RazorpayConstructor | undefined> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.checkout = 'razorpay';
    script.onload = () => resolve(window.Razorpay);
    script.onerror = () => {
      // A later attempt adds a fresh element instead of waiting on a dead one.
      script.remove();
      resolve(undefined);
    };
    document.body.appendChild(script);
  });
}

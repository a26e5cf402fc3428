/** The payments module's door: what other modules, flows and the app may use of it. */

export { closeProviderOrders, settleOrderPayment, verifiedPaymentFor } from './order-payment.js';
export type { PaymentProvider, ProviderPayment, ProviderRefund } from './payment-provider.js';
export { PaymentProviderError } from './payment-provider.js';
export type { PaymentRow } from './payments.repository.js';
export {
  findPayment,
  markPaymentCaptured,
  markPaymentRefunded,
  markPaymentRefundMade,
  paymentsOfCheckout,
  paymentsWithRefundDue,
  recordPaymentRefundDue,
  upsertPayment,
} from './payments.repository.js';
export { paymentWebhookRoutes } from './payments.routes.js';
export { selectPaymentProvider } from './select-provider.js';
export { testGatewayAssetRoutes, testGatewayRoutes } from './test-gateway/test-gateway.routes.js';

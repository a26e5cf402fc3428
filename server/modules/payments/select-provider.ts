import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createRazorpayProvider } from './razorpay/razorpay-provider.js';
import { createTestGatewayProvider, type TestGatewayProvider } from './test-gateway/test-gateway-provider.js';

/**
 * The provider config.ts chose (PAYMENT_PROVIDER, or Razorpay when its keys are set, or the test
 * gateway on a loopback address): config refuses to start rather than fall back to the test
 * gateway on a public address.
 */
export async function selectPaymentProvider(
  config: Config,
  db: Database,
): Promise<{ provider: PaymentProvider; testGateway?: TestGatewayProvider }> {
  if (config.paymentProvider === 'razorpay' && config.razorpay) {
    return {
      provider: createRazorpayProvider({
        keyId: config.razorpay.keyId,
        keySecret: config.razorpay.keySecret,
        webhookSecret: config.razorpay.webhookSecret,
        apiBase: config.razorpay.apiBase,
      }),
    };
  }
  const testGateway = createTestGatewayProvider(db);
  return { provider: testGateway, testGateway };
}

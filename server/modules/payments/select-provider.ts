import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createRazorpayProvider } from './razorpay/razorpay-provider.js';
import { createTestGatewayProvider, type TestGatewayProvider } from './test-gateway/test-gateway-provider.js';

/** Razorpay when its keys are configured; otherwise the built-in test gateway. */
export async function selectPaymentProvider(
  config: Config,
  db: Database,
): Promise<{ provider: PaymentProvider; testGateway?: TestGatewayProvider }> {
  if (config.razorpay) {
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

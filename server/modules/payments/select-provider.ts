import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createTestGatewayProvider, type TestGatewayProvider } from './test-gateway/test-gateway-provider.js';

/** Razorpay when its keys are configured; otherwise the built-in test gateway. */
export async function selectPaymentProvider(
  config: Config,
  db: Database,
): Promise<{ provider: PaymentProvider; testGateway?: TestGatewayProvider }> {
  if (config.razorpay) {
    throw new Error(
      'Razorpay keys are set, but the Razorpay provider is not wired in yet: unset RAZORPAY_KEY_ID/SECRET.',
    );
  }
  const testGateway = createTestGatewayProvider(db);
  return { provider: testGateway, testGateway };
}

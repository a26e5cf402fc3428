import type { Config } from '../../config.js';
import type { CourierProvider } from './courier-provider.js';
import { createTestCourierProvider, type TestCourierProvider } from './test-courier/test-courier-provider.js';

/**
 * The courier provider config.ts chose (SHIPPING_PROVIDER): only the built-in test courier for now;
 * an aggregator (Shiprocket) will be a second implementation of CourierProvider.
 */
export function selectCourierProvider(_config: Pick<Config, 'shipping'>): {
  courier: CourierProvider;
  testCourier?: TestCourierProvider;
} {
  const testCourier = createTestCourierProvider();
  return { courier: testCourier, testCourier };
}

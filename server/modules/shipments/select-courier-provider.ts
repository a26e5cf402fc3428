import type { Config } from '../../config.js';
import type { CourierProvider } from './courier-provider.js';
import { createShiprocketProvider } from './shiprocket/shiprocket-provider.js';
import { createTestCourierProvider, type TestCourierProvider } from './test-courier/test-courier-provider.js';

/**
 * The courier provider config.ts chose (SHIPPING_PROVIDER): the built-in test courier (the
 * default, with its events endpoint for the demo and tests), or Shiprocket with its settings.
 */
export function selectCourierProvider(config: Pick<Config, 'shipping'>): {
  courier: CourierProvider;
  testCourier?: TestCourierProvider;
} {
  if (config.shipping.provider === 'shiprocket')
    return { courier: createShiprocketProvider(config.shipping.shiprocket) };
  const testCourier = createTestCourierProvider();
  return { courier: testCourier, testCourier };
}

import { type CourierProvider, chooseCourier } from '../modules/shipments/index.js';
import type { LiveParcel, LiveRate, LiveRateQuote } from '../modules/shipping/index.js';
import type { CourierRule } from '../shipping-setting.js';

/**
 * Delivery priced by live courier rates (shipping mode `live`, decision 049): the courier
 * provider's quote for a cart's parcel, by the courier the shop's rule would book it with
 * (SHIPPING_COURIER_RULE), so the charge shown is what booking it would cost. Asked as a prepaid
 * parcel: cash on delivery's cost is the shop's own handling fee. The shipping module calls this
 * with its timeout and falls back to the rate card; it never imports the shipments module.
 */
export function createLiveDeliveryQuote(deps: {
  courier: Pick<CourierProvider, 'quote'>;
  courierRule: CourierRule;
}): LiveRateQuote {
  return async (parcel: LiveParcel): Promise<LiveRate | undefined> => {
    const options = await deps.courier.quote({
      from: { ...parcel.from, phone: parcel.from.phone || null },
      to: { name: '', lines: [], phone: null, ...parcel.to },
      weightGrams: parcel.weightGrams,
      dimensionsMm: parcel.dimensionsMm,
      codAmountPaise: 0,
      valuePaise: parcel.valuePaise,
      orderNumber: '',
    });
    if (options.length === 0) return undefined;
    const chosen = chooseCourier(options, deps.courierRule);
    return { chargePaise: chosen.chargePaise, courier: chosen.courier, days: chosen.days };
  };
}

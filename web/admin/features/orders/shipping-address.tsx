import type { ShippingInfo } from '../../../../shared/api/orders.schemas';

/**
 * Where an order goes, as an address block: the order page and the packing slip show the same
 * lines. A landmark of "-" (an address still to be confirmed) is left out; the mobile falls back
 * to the customer's when the address has none (`fallbackMobile`).
 */
export function ShippingAddress({
  address,
  fallbackMobile,
  strongName = false,
}: {
  address: ShippingInfo;
  fallbackMobile?: string;
  strongName?: boolean;
}) {
  const name = `${address.firstName} ${address.lastName}`;
  const mobile = address.mobile || fallbackMobile;
  return (
    <address>
      {strongName ? <strong>{name}</strong> : name}
      <br />
      {address.address}
      <br />
      {address.landmark && address.landmark !== '-' && (
        <>
          {address.landmark}
          <br />
        </>
      )}
      {address.city}, {address.state} {address.pincode}
      <br />
      {address.country}
      {mobile && (
        <>
          <br />
          Mobile {mobile}
        </>
      )}
    </address>
  );
}

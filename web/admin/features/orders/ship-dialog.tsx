import { useId } from 'react';
import type * as z from 'zod/mini';
import { shipOrder } from '../../../../shared/api/order-actions';
import { shipOrder as shipSchemas } from '../../../../shared/api/order-actions.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { TextField } from '../../../components/forms/form-field';
import { useForm, zodResolver } from '../../../lib/form';
import { adminApi } from '../../lib/admin-api';
import { ActionDialog } from './action-dialog';
import { type OrderUpdates, useOrderAction } from './use-order-action';

/** The couriers most Indian shops hand parcels to: suggestions, any other name is fine. */
export const commonCarriers = [
  'Delhivery',
  'Blue Dart',
  'DTDC',
  'Ekart',
  'Xpressbees',
  'Shadowfax',
  'India Post',
  'Ecom Express',
] as const;

type ShipValues = { carrier: string; awb: string; trackingUrl: string };

/**
 * Shipped another way (a courier the shop does not book through, a hand delivery): the carrier, the
 * AWB number and the tracking link the customer's e-mail carries, typed by hand.
 */
export function ShipDialog({
  order,
  open,
  onClose,
  ...updates
}: OrderUpdates & { order: ApiAdminOrder; open: boolean; onClose: () => void }) {
  const carriersId = useId();
  const { busy, error, run, clearError } = useOrderAction(updates);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ShipValues, unknown, z.output<typeof shipSchemas.body>>({
    resolver: zodResolver(shipSchemas.body),
    mode: 'onTouched',
    defaultValues: { carrier: '', awb: '', trackingUrl: '' },
  });

  const close = () => {
    clearError();
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (body) => {
    const ok = await run(
      () => adminApi.call(shipOrder, { params: { id: order._id }, body }),
      `Order ${order.orderNumber} is shipped with ${body.carrier}; the customer is e-mailed the tracking.`,
    );
    if (ok) close();
  });

  return (
    <ActionDialog
      title={`Order ${order.orderNumber} shipped another way`}
      open={open}
      onClose={close}
      onSubmit={(event) => void onSubmit(event)}
      submitLabel="Mark shipped"
      busy={busy}
      error={error}
    >
      <p className="muted">
        For a parcel that left without a booking here. The customer is e-mailed the carrier, the AWB number
        and the tracking link.
      </p>
      <div className="form-stack">
        <TextField
          label="Carrier"
          list={carriersId}
          autoComplete="off"
          maxLength={60}
          error={errors.carrier?.message}
          {...register('carrier')}
        />
        <datalist id={carriersId}>
          {commonCarriers.map((carrier) => (
            <option key={carrier} value={carrier} />
          ))}
        </datalist>
        <TextField
          label="AWB number"
          hint="The air waybill (tracking) number on the carrier's label."
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          error={errors.awb?.message}
          {...register('awb')}
        />
        <TextField
          label="Tracking link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={500}
          error={errors.trackingUrl?.message}
          {...register('trackingUrl')}
        />
      </div>
    </ActionDialog>
  );
}

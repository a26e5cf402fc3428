import { type FormEvent, useState } from 'react';
import type { BodyOf } from '../../../../shared/api/endpoint';
import { saveShippingSettings } from '../../../../shared/api/shipping';
import type { ApiShippingSettings, ShippingZone } from '../../../../shared/api/shipping.schemas';
import { formatDayAndTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { adminApi, isApiError } from '../../lib/admin-api';
import { CodFeeFields, DeliveryChargeFields } from './settings-charges';
import { ParcelFields, RateCardFields, WarehouseFields } from './settings-fields';
import { bodyOf, fieldErrorsOf, type SettingsValues, valuesOf } from './settings-model';
import './shipping.css';

/**
 * The shipping settings: how delivery is charged (the flat fee, the rate card by zone and weight, or
 * live courier rates between a floor and a cap), cash on delivery's handling fee, the default parcel
 * and the pickup warehouse. The server checks everything; its
 * message stays above the Save button and each field's under the field.
 */
export function ShippingSettingsForm({
  settings,
  canWrite,
  onSaved,
}: {
  settings: ApiShippingSettings;
  canWrite: boolean;
  onSaved: (settings: ApiShippingSettings) => void;
}) {
  const [values, setValues] = useState<SettingsValues>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = Object.fromEntries(settings.rates.map((r) => [r.zone, r.label])) as Partial<
    Record<ShippingZone, string>
  >;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      // Blank boxes go as null: the server names the field, in its own words.
      const body = bodyOf(values) as unknown as BodyOf<typeof saveShippingSettings>;
      const saved = await adminApi.call(saveShippingSettings, { body });
      setValues(valuesOf(saved));
      onSaved(saved);
      toast.success('Shipping settings saved.', { autoClose: 4000 });
    } catch (failure) {
      setMessage(isApiError(failure) ? failure.message : 'Something went wrong. Please try again.');
      if (isApiError(failure)) setErrors(fieldErrorsOf(failure.fields));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="shipping-settings">
      <fieldset disabled={!canWrite || busy} className="settings-fieldset">
        <section className="panel" aria-labelledby="shipping-mode-heading">
          <h2 id="shipping-mode-heading">Delivery charge</h2>
          <DeliveryChargeFields
            settings={settings}
            values={values}
            errors={errors}
            onChange={(change) => setValues({ ...values, ...change })}
          />
        </section>

        <section className="panel" aria-labelledby="shipping-cod-heading">
          <h2 id="shipping-cod-heading">Cash on delivery fee</h2>
          <CodFeeFields
            values={values}
            errors={errors}
            onChange={(change) => setValues({ ...values, ...change })}
          />
        </section>

        <section className="panel" aria-labelledby="shipping-card-heading">
          <h2 id="shipping-card-heading">Rate card</h2>
          <p className="muted">
            Couriers bill the larger of the dead and the volumetric weight in 0.5 kg slabs. Live rates fall
            back to this card. Leave every box blank for no rate card (only while the charge is flat).
          </p>
          <RateCardFields
            rates={values.rates}
            labels={labels}
            errors={errors}
            disabled={!canWrite}
            onChange={(zone, rate) => setValues({ ...values, rates: { ...values.rates, [zone]: rate } })}
          />
          {errors.rates && <p className="form-error">{errors.rates}</p>}
        </section>

        <section className="panel" aria-labelledby="shipping-parcel-heading">
          <h2 id="shipping-parcel-heading">Default parcel</h2>
          <p className="muted">For variants without a weight or a box of their own.</p>
          <ParcelFields
            parcel={values.defaultParcel}
            errors={errors}
            onChange={(defaultParcel) => setValues({ ...values, defaultParcel })}
          />
        </section>

        <section className="panel" aria-labelledby="shipping-warehouse-heading">
          <h2 id="shipping-warehouse-heading">Pickup warehouse</h2>
          <p className="muted">Where the courier collects parcels; the labels print it as the sender.</p>
          <WarehouseFields
            warehouse={values.warehouse}
            errors={errors}
            onChange={(warehouse) => setValues({ ...values, warehouse })}
          />
          {errors.warehouse && <p className="form-error">{errors.warehouse}</p>}
        </section>
      </fieldset>

      {message && (
        <p className="action-error" role="alert">
          {message}
        </p>
      )}
      {canWrite ? (
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save shipping settings'}
          </button>
        </div>
      ) : (
        <p className="muted">You can read these settings; changing them needs the orders role.</p>
      )}
      {settings.updatedAt && (
        <p className="muted settings-saved">
          Last saved <time dateTime={settings.updatedAt}>{formatDayAndTime(settings.updatedAt)}</time>
        </p>
      )}
    </form>
  );
}

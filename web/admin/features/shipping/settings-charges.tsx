import type { ApiShippingSettings, ShippingMode } from '../../../../shared/api/shipping.schemas';
import { TextField } from '../../../components/forms/form-field';
import { formatRupees } from '../../../lib/money';
import { codFeeExample, type SettingsValues } from './settings-model';

type Errors = Record<string, string>;
type Change = (values: Partial<SettingsValues>) => void;

/** An order of this many rupees, for the COD fee's example. */
const EXAMPLE_ORDER = 1000;

/**
 * How delivery is charged: the flat fee, the rate card, or live courier rates between a floor and
 * a cap (the card answering when the provider does not); the free-delivery threshold holds in all.
 */
export function DeliveryChargeFields({
  settings,
  values,
  errors,
  onChange,
}: {
  settings: Pick<ApiShippingSettings, 'flat'>;
  values: SettingsValues;
  errors: Errors;
  onChange: Change;
}) {
  const option = (mode: ShippingMode, title: string, note: string) => (
    <label className="choice">
      <input
        type="radio"
        name="mode"
        value={mode}
        checked={values.mode === mode}
        onChange={() => onChange({ mode })}
      />
      <span>
        {title}
        <span className="cell-sub">{note}</span>
      </span>
    </label>
  );
  return (
    <>
      <fieldset className="choice-group settings-mode">
        <legend>How delivery is charged</legend>
        {option(
          'flat',
          `Flat fee: ${formatRupees(settings.flat.deliveryFee)} an order`,
          'The same wherever it goes.',
        )}
        {option('card', 'Rate card', 'By the zone and the parcel’s weight, below.')}
        {option(
          'live',
          'Live courier rates',
          'The courier provider’s price for the parcel, kept between a floor and a cap; the rate card when the provider is slow or down.',
        )}
      </fieldset>
      {errors.mode && <p className="form-error">{errors.mode}</p>}
      {values.mode === 'live' && (
        <div className="form-grid settings-pair live-bounds">
          <TextField
            label="Floor (₹)"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            hint="The least a delivery is charged."
            value={values.liveFloor}
            error={errors.liveFloor}
            onChange={(event) => onChange({ liveFloor: event.target.value })}
          />
          <TextField
            label="Cap (₹)"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            hint="The most a delivery is charged, whatever the courier asks."
            value={values.liveCap}
            error={errors.liveCap}
            onChange={(event) => onChange({ liveCap: event.target.value })}
          />
        </div>
      )}
      <p className="muted">
        Delivery is free from {formatRupees(settings.flat.freeDeliveryFrom)} in every mode.
      </p>
    </>
  );
}

/**
 * Cash on delivery's handling fee: a fixed amount and/or a percentage of the order, shown at
 * checkout before the shopper chooses how to pay, and only ever charged on orders paid in cash.
 */
export function CodFeeFields({
  values,
  errors,
  onChange,
}: {
  values: SettingsValues;
  errors: Errors;
  onChange: Change;
}) {
  const example = codFeeExample(values, EXAMPLE_ORDER);
  return (
    <>
      <div className="form-grid settings-pair">
        <TextField
          label="Fixed fee (₹)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={values.codFee}
          error={errors.codFee}
          onChange={(event) => onChange({ codFee: event.target.value })}
        />
        <TextField
          label="Percent of the order (%)"
          type="number"
          min={0}
          max={100}
          step="0.01"
          inputMode="decimal"
          value={values.codFeePercent}
          error={errors.codFeePercent}
          onChange={(event) => onChange({ codFeePercent: event.target.value })}
        />
      </div>
      <p className="muted cod-fee-example" aria-live="polite">
        {example === null
          ? 'Enter amounts to see the fee on an example order.'
          : example === 0
            ? 'No fee: cash on delivery costs the same as paying online.'
            : `On a ${formatRupees(EXAMPLE_ORDER)} order the shopper sees “Cash on delivery: ${formatRupees(example)} handling fee” before choosing, and pays ${formatRupees(EXAMPLE_ORDER + example)} in cash.`}
      </p>
    </>
  );
}

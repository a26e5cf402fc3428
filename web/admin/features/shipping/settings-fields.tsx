import { useId } from 'react';
import { SHIPPING_ZONES, type ShippingZone } from '../../../../shared/api/shipping.schemas';
import { INDIAN_REGION_NAMES } from '../../../../shared/india';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { formatRupees } from '../../../lib/money';
import {
  type ParcelValues,
  type RateValues,
  slabPrice,
  type WarehouseValues,
  zoneLabels,
} from './settings-model';

type Errors = Record<string, string>;

/** A number box in the rate card's table: labelled for its zone, its message under it. */
function RateInput({
  label,
  value,
  error,
  step,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  step: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const errorId = useId();
  return (
    <>
      <input
        type="number"
        className="form-input compact rate-input"
        min={0}
        step={step}
        inputMode="decimal"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span className="form-error rate-error" id={errorId}>
          {error}
        </span>
      )}
    </>
  );
}

/** The rate card: per zone, rupees for the first 0.5 kg and each further 0.5 kg, and the days promised. */
export function RateCardFields({
  rates,
  labels,
  errors,
  disabled,
  onChange,
}: {
  rates: Record<ShippingZone, RateValues>;
  labels: Partial<Record<ShippingZone, string>>;
  errors: Errors;
  disabled: boolean;
  onChange: (zone: ShippingZone, rate: RateValues) => void;
}) {
  const columns: { key: keyof RateValues; header: string; step: string }[] = [
    { key: 'firstSlab', header: 'First 0.5 kg (₹)', step: '0.01' },
    { key: 'extraSlab', header: 'Each further 0.5 kg (₹)', step: '0.01' },
    { key: 'minDays', header: 'Days (least)', step: '1' },
    { key: 'maxDays', header: 'Days (most)', step: '1' },
  ];
  return (
    <div className="table-wrap">
      <table className="data-table rate-card">
        <caption className="visually-hidden">Rate card by zone</caption>
        <thead>
          <tr>
            <th scope="col">Zone</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="align-end">
                {column.header}
              </th>
            ))}
            <th scope="col" className="align-end">
              A 2 kg parcel
            </th>
          </tr>
        </thead>
        <tbody>
          {SHIPPING_ZONES.map((zone) => {
            const label = labels[zone] ?? zoneLabels[zone];
            const rate = rates[zone];
            const example = slabPrice(rate, 2000);
            return (
              <tr key={zone}>
                <th scope="row">{label}</th>
                {columns.map((column) => (
                  <td key={column.key} className="align-end">
                    <RateInput
                      label={`${column.header}, ${label}`}
                      value={rate[column.key]}
                      error={errors[`rates.${zone}.${column.key}`]}
                      step={column.step}
                      disabled={disabled}
                      onChange={(value) => onChange(zone, { ...rate, [column.key]: value })}
                    />
                  </td>
                ))}
                <td className="align-end">{example === null ? '—' : formatRupees(example)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The parcel assumed for a variant without a weight or box of its own. */
export function ParcelFields({
  parcel,
  errors,
  onChange,
}: {
  parcel: ParcelValues;
  errors: Errors;
  onChange: (parcel: ParcelValues) => void;
}) {
  const fields: { key: keyof ParcelValues; label: string }[] = [
    { key: 'weightGrams', label: 'Weight (g)' },
    { key: 'lengthMm', label: 'Length (mm)' },
    { key: 'widthMm', label: 'Width (mm)' },
    { key: 'heightMm', label: 'Height (mm)' },
  ];
  return (
    <div className="form-grid settings-quad">
      {fields.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={parcel[field.key]}
          error={errors[`defaultParcel.${field.key}`]}
          onChange={(event) => onChange({ ...parcel, [field.key]: event.target.value })}
        />
      ))}
    </div>
  );
}

/** Where the courier collects parcels. */
export function WarehouseFields({
  warehouse,
  errors,
  onChange,
}: {
  warehouse: WarehouseValues;
  errors: Errors;
  onChange: (warehouse: WarehouseValues) => void;
}) {
  const field = (key: keyof WarehouseValues) => ({
    value: warehouse[key],
    error: errors[`warehouse.${key}`],
    onChange: (event: { target: { value: string } }) => onChange({ ...warehouse, [key]: event.target.value }),
  });
  return (
    <div className="form-grid settings-pair">
      <TextField label="Warehouse name" maxLength={80} autoComplete="organization" {...field('name')} />
      <TextField
        label="Contact mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        {...field('contactPhone')}
      />
      <TextField label="Address" maxLength={200} autoComplete="address-line1" {...field('addressLine1')} />
      <TextField
        label="Address line 2 (optional)"
        maxLength={200}
        autoComplete="address-line2"
        {...field('addressLine2')}
      />
      <TextField label="City" maxLength={80} autoComplete="address-level2" {...field('city')} />
      <TextField label="District (optional)" maxLength={80} {...field('district')} />
      <SelectField label="State" autoComplete="address-level1" {...field('state')}>
        <option value="">Choose a state</option>
        {INDIAN_REGION_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Pincode"
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
        {...field('pincode')}
      />
    </div>
  );
}

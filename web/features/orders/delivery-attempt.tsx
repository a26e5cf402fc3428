import { type FormEvent, useId, useRef, useState } from 'react';
import type { ShippingInfo } from '../../../shared/api/orders.schemas';
import { answerFailedDelivery } from '../../../shared/api/shipments';
import type { ApiFailedDelivery, ApiParcelTracking } from '../../../shared/api/shipments.schemas';
import { formatDeliveryDay } from '../../../shared/delivery-day';
import { TextField } from '../../components/forms/form-field';
import { api, isApiError } from '../../lib/api-client';
import { formatDayAndTime } from '../../lib/dates';
import { fieldErrorsUnder } from '../../lib/field-errors';
import { UNKNOWN_FAILURE } from './order-words';
import './delivery-attempt.css';

type Failed = ApiParcelTracking & { failedDelivery: ApiFailedDelivery };
type AddressField = 'address' | 'landmark' | 'city';
type Errors = Partial<Record<'date' | 'phone' | AddressField, string>>;

/** What was asked, in words: "You asked for delivery again on Tue, 2 Dec, with a new phone number." */
export function answerWords(failed: ApiFailedDelivery): string {
  const answer = failed.answer;
  if (!answer) return '';
  if (answer.kind === 'return') return 'We have asked the courier to bring the parcel back to us.';
  const changed = [
    answer.phoneChanged ? 'a new phone number' : '',
    answer.addressChanged ? 'the corrected address' : '',
  ].filter(Boolean);
  const who = answer.by === 'customer' ? 'You asked' : 'We asked the courier';
  return `${who} to deliver again on ${formatDeliveryDay(answer.day ?? '')}${changed.length ? `, with ${changed.join(' and ')}` : ''}.`;
}

/** What happened to each parcel: its courier and AWB, when, and the courier's reason. */
function WhatHappened({ parcels }: { parcels: Failed[] }) {
  return (
    <ul className="delivery-attempt-parcels">
      {parcels.map((parcel) => (
        <li key={parcel.awb ?? parcel.courier}>
          {parcel.courier} could not deliver parcel {parcel.awb && <>AWB {parcel.awb} </>}on{' '}
          <time dateTime={parcel.failedDelivery.at}>{formatDayAndTime(parcel.failedDelivery.at)}</time>
          {parcel.failedDelivery.attempt > 1 && ` (attempt ${parcel.failedDelivery.attempt})`}. The courier’s
          reason: <strong>{parcel.failedDelivery.reason}</strong>
        </li>
      ))}
    </ul>
  );
}

/** The day to deliver again, as radio buttons ("Tue, 2 Dec"); the first is chosen at first. */
function DayChoice({
  days,
  value,
  error,
  onChange,
}: {
  days: string[];
  value: string;
  error: string | undefined;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="delivery-attempt-days" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label">Deliver again on</legend>
      <div className="delivery-attempt-day-list">
        {days.map((day) => (
          <label key={day} className="delivery-attempt-day">
            <input
              type="radio"
              name="date"
              value={day}
              checked={value === day}
              onChange={() => onChange(day)}
            />
            <span>{formatDeliveryDay(day)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The form: a day, optionally a new phone for the courier and a corrected address (same pincode and
 * state, shown, not asked). The server checks everything; its messages show under the fields.
 */
function AnswerForm({
  orderId,
  days,
  address,
  onAnswered,
}: {
  orderId: string;
  days: string[];
  address: ShippingInfo;
  onAnswered: (parcels: ApiParcelTracking[]) => void;
}) {
  const [day, setDay] = useState(days[0] ?? '');
  const [phone, setPhone] = useState('');
  const [correcting, setCorrecting] = useState(false);
  const [fields, setFields] = useState<Record<AddressField, string>>({
    address: address.address,
    landmark: address.landmark,
    city: address.city,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const answer = await api.call(answerFailedDelivery, {
        params: { id: orderId },
        body: {
          action: 'reattempt',
          date: day,
          ...(phone.trim() && { phone: phone.trim() }),
          ...(correcting && {
            address: { ...fields, state: address.state, pincode: address.pincode },
          }),
        },
      });
      onAnswered(answer.parcels);
    } catch (failure) {
      setBusy(false);
      if (!isApiError(failure)) {
        setError(UNKNOWN_FAILURE);
        return;
      }
      const named = fieldErrorsUnder(failure.fields, 'address') as Errors;
      setErrors(named);
      // A field's own message is under it; the alert says where to look rather than repeat it.
      setError(Object.keys(named).length > 0 ? null : failure.message);
    }
  };

  const field = (name: AddressField, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      name={name}
      value={fields[name]}
      error={errors[name]}
      required
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((before) => ({ ...before, [name]: value }));
        setErrors((before) => ({ ...before, [name]: undefined }));
      }}
      {...extra}
    />
  );

  return (
    <form className="delivery-attempt-form" noValidate onSubmit={(event) => void submit(event)}>
      <DayChoice
        days={days}
        value={day}
        error={errors.date}
        onChange={(chosen) => {
          setDay(chosen);
          setErrors((before) => ({ ...before, date: undefined }));
        }}
      />
      <TextField
        label="New phone number for the courier (optional)"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        error={errors.phone}
        hint={address.mobile ? `Leave it empty to keep ${address.mobile}.` : undefined}
        onChange={(event) => {
          setPhone(event.currentTarget.value);
          setErrors((before) => ({ ...before, phone: undefined }));
        }}
      />
      <label className="delivery-attempt-check">
        <input
          type="checkbox"
          checked={correcting}
          onChange={(event) => setCorrecting(event.target.checked)}
        />
        <span>Correct the delivery address</span>
      </label>
      {correcting && (
        <fieldset className="delivery-attempt-address">
          <legend className="visually-hidden">Corrected address</legend>
          {field('address', 'Address', { autoComplete: 'street-address' })}
          {field('landmark', 'Landmark')}
          {field('city', 'City', { autoComplete: 'address-level2' })}
          <p className="order-muted">
            {address.state} {address.pincode}: the courier delivers only within this pincode.
          </p>
        </fieldset>
      )}
      <div className="delivery-attempt-actions">
        <button type="submit" className="button button--primary" disabled={busy || !day}>
          {busy ? 'Sending…' : `Deliver on ${day ? formatDeliveryDay(day) : 'this day'}`}
        </button>
      </div>
      <p className="delivery-attempt-error" role="alert">
        {Object.values(errors).some(Boolean) ? 'Please correct what is marked.' : error}
      </p>
    </form>
  );
}

/**
 * A parcel the courier could not deliver: what happened, by when to answer, and the customer's
 * answer (a day to deliver again, a new phone, a corrected address) or the answer already given.
 * Loaded only when a parcel has such an attempt open (most orders never do).
 */
export function DeliveryAttempt({
  orderId,
  parcels,
  address,
  onAnswered,
}: {
  orderId: string;
  /** The order's parcels with an open failed attempt. */
  parcels: Failed[];
  address: ShippingInfo;
  onAnswered: (parcels: ApiParcelTracking[]) => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  const waiting = parcels.filter((parcel) => parcel.failedDelivery.awaitingAnswer);
  const answered = parcels.find((parcel) => parcel.failedDelivery.answer)?.failedDelivery;
  const first = (waiting[0] ?? parcels[0])!.failedDelivery;

  return (
    <section className="order-panel delivery-attempt" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="order-panel-title">
        We could not deliver your parcel
      </h2>
      <WhatHappened parcels={parcels} />
      {/* In the page before it speaks (a live region must exist first); hidden while empty. */}
      <p className={notice ? 'delivery-attempt-notice' : 'visually-hidden'} role="status">
        {notice}
      </p>
      {waiting.length > 0 ? (
        <>
          <p className="delivery-attempt-deadline">
            Tell us by <time dateTime={first.respondBy}>{formatDayAndTime(first.respondBy)}</time> when to try
            again, or the courier may send the parcel back to us.
          </p>
          <AnswerForm
            orderId={orderId}
            days={first.days}
            address={address}
            onAnswered={(updated) => {
              const now = updated.find((parcel) => parcel.failedDelivery?.answer)?.failedDelivery;
              setNotice(now ? `Thank you. ${answerWords(now)}` : 'Thank you: the courier has your answer.');
              onAnswered(updated);
              heading.current?.focus();
            }}
          />
        </>
      ) : answered ? (
        !notice && <p className="delivery-attempt-answer">{answerWords(answered)}</p>
      ) : (
        <p className="delivery-attempt-deadline delivery-attempt-deadline--over">
          The time to answer has passed: the courier may send the parcel back to us. Please contact us with
          your order number.
        </p>
      )}
    </section>
  );
}

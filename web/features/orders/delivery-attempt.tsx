import { type FormEvent, useId, useRef, useState } from 'react';
import type { ShippingInfo } from '../../../shared/api/orders.schemas';
import { answerFailedDelivery } from '../../../shared/api/shipments';
import type { ApiFailedDelivery, ApiParcelTracking } from '../../../shared/api/shipments.schemas';
import { formatDeliveryDayIn } from '../../../shared/delivery-day';
import { TextField } from '../../components/forms/form-field';
import { Trans, type Translate, useLocale, useT } from '../../i18n/i18n';
import { api, isApiError } from '../../lib/api-client';
import { formatDayAndTime } from '../../lib/dates';
import { fieldErrorsUnder } from '../../lib/field-errors';
import { useApiText } from '../checkout/api-messages';
import { unknownFailure } from './order-words';
import './delivery-attempt.css';

type Failed = ApiParcelTracking & { failedDelivery: ApiFailedDelivery };
type AddressField = 'address' | 'landmark' | 'city';
type Errors = Partial<Record<'date' | 'phone' | AddressField, string>>;

/** What was asked, in words: "You asked to deliver again on Tue, 2 Dec, with a new phone number." */
export function answerWords(failed: ApiFailedDelivery, t: Translate, locale: string): string {
  const answer = failed.answer;
  if (!answer) return '';
  if (answer.kind === 'return') return t('order-actions.attempt.answerReturn');
  const day = formatDeliveryDayIn(locale, answer.day ?? '');
  const changed =
    answer.phoneChanged && answer.addressChanged
      ? 'both'
      : answer.phoneChanged
        ? 'phone'
        : answer.addressChanged
          ? 'address'
          : 'none';
  return answer.by === 'customer'
    ? t('order-actions.attempt.youAsked', { day, changed })
    : t('order-actions.attempt.weAsked', { day, changed });
}

/** What happened to each parcel: its courier and AWB, when, and the courier's reason. */
function WhatHappened({ parcels }: { parcels: Failed[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="delivery-attempt-parcels">
      {parcels.map((parcel) => (
        <li key={parcel.awb ?? parcel.courier}>
          <Trans
            id={parcel.awb ? 'order-actions.attempt.whatAwb' : 'order-actions.attempt.what'}
            values={{
              courier: parcel.courier,
              awb: parcel.awb ?? '',
              time: formatDayAndTime(parcel.failedDelivery.at, locale),
              attempt:
                parcel.failedDelivery.attempt > 1
                  ? ` ${t('order-actions.attempt.number', { attempt: parcel.failedDelivery.attempt })}`
                  : '',
              reason: parcel.failedDelivery.reason,
            }}
            components={{ 0: <time dateTime={parcel.failedDelivery.at} />, 1: <strong /> }}
          />
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
  const t = useT();
  const locale = useLocale();
  const shown = useApiText()(error ?? '');
  return (
    <fieldset className="delivery-attempt-days" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label">{t('order-actions.attempt.day')}</legend>
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
            <span>{formatDeliveryDayIn(locale, day)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="form-error" id={`${id}-error`} lang={shown.lang}>
          {shown.text}
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
  const t = useT();
  const locale = useLocale();
  const apiText = useApiText();
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
        setError(unknownFailure(t));
        return;
      }
      const named = fieldErrorsUnder(failure.fields, 'address') as Errors;
      // The fields' messages in the page's words (the server writes them in English).
      for (const [name, message] of Object.entries(named)) {
        if (message) named[name as keyof Errors] = apiText(message).text;
      }
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
        label={t('order-actions.attempt.phone')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        error={errors.phone}
        hint={address.mobile ? t('order-actions.attempt.phoneHint', { mobile: address.mobile }) : undefined}
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
        <span>{t('order-actions.attempt.correct')}</span>
      </label>
      {correcting && (
        <fieldset className="delivery-attempt-address">
          <legend className="visually-hidden">{t('order-actions.attempt.corrected')}</legend>
          {field('address', t('order-actions.change.address'), { autoComplete: 'street-address' })}
          {field('landmark', t('order-actions.change.landmark'))}
          {field('city', t('order-actions.change.city'), { autoComplete: 'address-level2' })}
          <p className="order-muted">
            {t('order-actions.attempt.samePincode', { state: address.state, pincode: address.pincode })}
          </p>
        </fieldset>
      )}
      <div className="delivery-attempt-actions">
        <button type="submit" className="button button--primary" disabled={busy || !day}>
          {busy
            ? t('order-actions.attempt.sending')
            : day
              ? t('order-actions.attempt.deliverOn', { day: formatDeliveryDayIn(locale, day) })
              : t('order-actions.attempt.deliverThatDay')}
        </button>
      </div>
      <p className="delivery-attempt-error" role="alert" lang={error ? apiText(error).lang : undefined}>
        {Object.values(errors).some(Boolean)
          ? t('order-actions.attempt.correctMarked')
          : error && apiText(error).text}
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
  const t = useT();
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  const waiting = parcels.filter((parcel) => parcel.failedDelivery.awaitingAnswer);
  const answered = parcels.find((parcel) => parcel.failedDelivery.answer)?.failedDelivery;
  const first = (waiting[0] ?? parcels[0])!.failedDelivery;

  return (
    <section className="order-panel delivery-attempt" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="order-panel-title">
        {t('order-actions.attempt.title')}
      </h2>
      <WhatHappened parcels={parcels} />
      {/* In the page before it speaks (a live region must exist first); hidden while empty. */}
      <p className={notice ? 'delivery-attempt-notice' : 'visually-hidden'} role="status">
        {notice}
      </p>
      {waiting.length > 0 ? (
        <>
          <p className="delivery-attempt-deadline">
            <Trans
              id="order-actions.attempt.tellUs"
              values={{ time: formatDayAndTime(first.respondBy, locale) }}
              components={{ 0: <time dateTime={first.respondBy} /> }}
            />
          </p>
          <AnswerForm
            orderId={orderId}
            days={first.days}
            address={address}
            onAnswered={(updated) => {
              const now = updated.find((parcel) => parcel.failedDelivery?.answer)?.failedDelivery;
              setNotice(
                now
                  ? t('order-actions.attempt.thanks', { answer: answerWords(now, t, locale) })
                  : t('order-actions.attempt.thanksPlain'),
              );
              onAnswered(updated);
              heading.current?.focus();
            }}
          />
        </>
      ) : answered ? (
        !notice && <p className="delivery-attempt-answer">{answerWords(answered, t, locale)}</p>
      ) : (
        <p className="delivery-attempt-deadline delivery-attempt-deadline--over">
          {t('order-actions.attempt.late')}
        </p>
      )}
    </section>
  );
}

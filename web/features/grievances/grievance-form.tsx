import { useEffect, useRef, useState } from 'react';
import { submitTicket } from '../../../shared/api/grievances';
import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import type { TicketInput } from '../../../shared/schemas/grievance';
import {
  type TicketKind,
  type TicketTopic,
  topicLabels,
  topicsOf,
} from '../../../shared/schemas/grievance-topics';
import { SelectField, TextAreaField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { api } from '../../lib/api-client';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { lazyRules, useForm } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { ticketSubject } from './ticket-words';

const ticketRules = lazyRules(() => import('./ticket-rules').then((rules) => rules.ticketRules));

const empty: TicketInput = {
  kind: 'grievance',
  topic: '' as TicketTopic,
  orderNumber: '',
  description: '',
  name: '',
  email: '',
  mobile: '',
};
const fieldNames = Object.keys(empty);

/**
 * The complaints and data requests form: kind and topic, an order number (the signed-in customer's
 * orders offered), what happened, and how to reach them (prefilled when signed in). On success it
 * gives way to the ticket number and the dates we hold ourselves to.
 */
export function GrievanceForm({
  orderNumbers,
  onFiled,
}: {
  orderNumbers: readonly string[];
  onFiled: (ticket: ApiTicket) => void;
}) {
  const hydrated = useHydrated();
  const customer = useSession();
  const [filed, setFiled] = useState<{ ticket: ApiTicket; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TicketInput>({
    resolver: ticketRules,
    mode: 'onTouched',
    defaultValues: empty,
  });
  const kind = watch('kind') as TicketKind;
  const kindField = register('kind');

  // Signed in: fill in who they are, leaving anything already typed alone.
  useEffect(() => {
    if (!customer) return;
    const name = [customer.firstname, customer.lastname].filter(Boolean).join(' ');
    const current = getValues();
    if (!current.name && name) setValue('name', name);
    if (!current.email && customer.email) setValue('email', customer.email);
    if (!current.mobile && customer.mobile) setValue('mobile', customer.mobile);
  }, [customer, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const ticket = await api.call(submitTicket, { body: values });
      setFiled({ ticket, email: values.email });
      onFiled(ticket);
    } catch (error) {
      reportSubmitError(error, setError, fieldNames);
    }
  });

  if (filed) {
    return (
      <TicketFiled
        ticket={filed.ticket}
        email={filed.email}
        onAnother={() => {
          reset({ ...getValues(), topic: '' as TicketTopic, orderNumber: '', description: '' });
          setFiled(null);
        }}
      />
    );
  }

  return (
    <form
      className="form-stack"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="ticket-form-title"
    >
      <div className="form-row">
        <SelectField
          label="What is it?"
          error={errors.kind?.message}
          {...kindField}
          onChange={() => {
            kindField.onChange();
            // A topic of the other kind would not fit: choose again.
            setValue('topic', '' as TicketTopic);
          }}
        >
          <option value="grievance">A complaint</option>
          <option value="rights-request">A request about my personal data</option>
        </SelectField>
        <SelectField label="What is it about?" error={errors.topic?.message} {...register('topic')}>
          <option value="">Choose…</option>
          {(topicsOf[kind] ?? []).map((topic) => (
            <option key={topic} value={topic}>
              {topicLabels[kind][topic]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Order number (optional)"
        autoComplete="off"
        list={orderNumbers.length ? 'ticket-orders' : undefined}
        hint={
          orderNumbers.length
            ? 'Pick one of your orders or type its number.'
            : 'As on your order confirmation.'
        }
        error={errors.orderNumber?.message}
        {...register('orderNumber')}
      />
      {orderNumbers.length > 0 && (
        <datalist id="ticket-orders">
          {orderNumbers.map((number) => (
            <option key={number} value={number} />
          ))}
        </datalist>
      )}
      <TextAreaField
        label={kind === 'rights-request' ? 'Your request' : 'What happened?'}
        rows={6}
        hint={
          kind === 'rights-request'
            ? 'Tell us what you would like us to do with your data, and for a nomination, whom you nominate.'
            : 'Tell us what went wrong and what you would like us to do.'
        }
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="form-row">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint="10-digit Indian mobile number"
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Sending…' : kind === 'rights-request' ? 'Send my request' : 'Send my complaint'}
        </button>
        <p className="form-note">You will get a ticket number at once, and by e-mail.</p>
      </div>
    </form>
  );
}

function TicketFiled({
  ticket,
  email,
  onAnother,
}: {
  ticket: ApiTicket;
  email: string;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const complaint = ticket.kind === 'grievance';
  return (
    <div className="ticket-filed" role="status">
      <h3 ref={heading} tabIndex={-1}>
        {complaint ? 'We have your complaint' : 'We have your request'}
      </h3>
      <p className="ticket-number">
        Your ticket number <strong>{ticket.ticketNumber}</strong>
      </p>
      <p>
        {ticketSubject(ticket)}. Received {formatDayAndTime(ticket.createdAt)} (India time). Quote the ticket
        number whenever you write to us about it.
      </p>
      <h4>What happens next</h4>
      <ol className="ticket-steps">
        <li>
          We have e-mailed an acknowledgement with this ticket number to <strong>{email}</strong>.
        </li>
        <li>
          {complaint
            ? 'Our Grievance Officer looks into it and may call or write to you for details.'
            : 'We may contact you to confirm it is you before we act on your data.'}
        </li>
        <li>
          {complaint ? 'We resolve it by ' : 'We answer it by '}
          <strong>{formatDay(ticket.respondBy)}</strong>.
        </li>
      </ol>
      <button type="button" className="button button--ghost" onClick={onAnother}>
        File another
      </button>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { submitTicket } from '../../../shared/api/grievances';
import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import type { TicketInput } from '../../../shared/schemas/grievance';
import { type TicketKind, type TicketTopic, topicsOf } from '../../../shared/schemas/grievance-topics';
import { SelectField, TextAreaField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { Trans, useLocale, useT } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { formatDay, formatDayAndTime } from '../../lib/dates';
import { lazyRules, useForm } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { ticketSubject, topicWords } from './ticket-words';

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
  const t = useT();
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
          label={t('grievances.field.kind')}
          error={errors.kind?.message}
          {...kindField}
          onChange={() => {
            kindField.onChange();
            // A topic of the other kind would not fit: choose again.
            setValue('topic', '' as TicketTopic);
          }}
        >
          <option value="grievance">{t('grievances.field.kind.grievance')}</option>
          <option value="rights-request">{t('grievances.field.kind.rights-request')}</option>
        </SelectField>
        <SelectField label={t('grievances.field.topic')} error={errors.topic?.message} {...register('topic')}>
          <option value="">{t('grievances.field.topic.choose')}</option>
          {(topicsOf[kind] ?? []).map((topic) => (
            <option key={topic} value={topic}>
              {topicWords(t, kind, topic)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('grievances.field.orderNumber')}
        autoComplete="off"
        list={orderNumbers.length ? 'ticket-orders' : undefined}
        hint={
          orderNumbers.length
            ? t('grievances.field.orderNumber.pick')
            : t('grievances.field.orderNumber.hint')
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
        label={
          kind === 'rights-request'
            ? t('grievances.field.description.request')
            : t('grievances.field.description.grievance')
        }
        rows={6}
        hint={
          kind === 'rights-request'
            ? t('grievances.field.description.requestHint')
            : t('grievances.field.description.grievanceHint')
        }
        error={errors.description?.message}
        {...register('description')}
      />
      <ContactFields register={register} errors={errors} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting
            ? t('grievances.form.sending')
            : kind === 'rights-request'
              ? t('grievances.form.sendRequest')
              : t('grievances.form.sendComplaint')}
        </button>
        <p className="form-note">{t('grievances.form.note')}</p>
      </div>
    </form>
  );
}

type TicketForm = ReturnType<typeof useForm<TicketInput>>;

/** How to reach the customer: name, e-mail and mobile (filled in when signed in). */
function ContactFields({
  register,
  errors,
}: {
  register: TicketForm['register'];
  errors: TicketForm['formState']['errors'];
}) {
  const t = useT();
  return (
    <>
      <div className="form-row">
        <TextField
          label={t('grievances.field.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('grievances.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField
        label={t('grievances.field.mobile')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={t('grievances.field.mobileHint')}
        error={errors.mobile?.message}
        {...register('mobile')}
      />
    </>
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
  const t = useT();
  const locale = useLocale();
  const complaint = ticket.kind === 'grievance';
  return (
    <div className="ticket-filed" role="status">
      <h3 ref={heading} tabIndex={-1}>
        {complaint ? t('grievances.filed.complaint') : t('grievances.filed.request')}
      </h3>
      <p className="ticket-number">
        <Trans
          id="grievances.filed.number"
          values={{ number: ticket.ticketNumber }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p>
        {t('grievances.filed.received', {
          subject: ticketSubject(t, ticket),
          when: formatDayAndTime(ticket.createdAt, locale),
        })}
      </p>
      <h4>{t('grievances.filed.next')}</h4>
      <ol className="ticket-steps">
        <li>
          <Trans id="grievances.filed.mailed" values={{ email }} components={{ 0: <strong /> }} />
        </li>
        <li>{complaint ? t('grievances.filed.complaintStep') : t('grievances.filed.requestStep')}</li>
        <li>
          <Trans
            id={complaint ? 'grievances.filed.resolveBy' : 'grievances.filed.answerBy'}
            values={{ date: formatDay(ticket.respondBy, locale) }}
            components={{ 0: <strong /> }}
          />
        </li>
      </ol>
      <button type="button" className="button button--ghost" onClick={onAnother}>
        {t('grievances.filed.another')}
      </button>
    </div>
  );
}

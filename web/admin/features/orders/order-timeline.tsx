import { addOrderNote } from '../../../../shared/api/order-actions';
import { addOrderNote as noteSchemas } from '../../../../shared/api/order-actions.schemas';
import type { ApiOrderEvent } from '../../../../shared/api/orders.schemas';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { TextAreaField } from '../../../components/forms/form-field';
import { formatDayAndTime } from '../../../lib/dates';
import { useForm, zodResolver } from '../../../lib/form';
import { adminApi } from '../../lib/admin-api';
import { actorWords } from './order-status';
import { type OrderUpdates, useOrderAction } from './use-order-action';

/** Who made a change: the customer (by name), a staff member (by e-mail) or the shop itself. */
function actor(event: ApiOrderEvent): string {
  if (event.by === 'staff') return event.actor ?? actorWords.staff;
  if (event.by === 'customer') return event.actor ? `${event.actor} (customer)` : actorWords.customer;
  return actorWords.system;
}

/** Every change to the order, oldest first, staff notes among them. */
export function OrderTimeline({ order }: { order: ApiAdminOrder }) {
  const events = [...order.events].sort((a, b) => a.at.localeCompare(b.at));
  if (events.length === 0) return <p className="muted">Nothing has happened to this order yet.</p>;
  return (
    <ol className="timeline">
      {events.map((event) => (
        <li
          // Events have no id: their time, kind and words tell them apart.
          key={`${event.at}-${event.type}-${event.title}-${event.note ?? ''}`}
          className={event.type === 'note' ? 'timeline-item timeline-item--note' : 'timeline-item'}
        >
          <p className="timeline-title">
            {event.type === 'note' && <span className="badge badge--warning">Note</span>}
            {event.title}
          </p>
          {event.note && <p className="timeline-note">{event.note}</p>}
          <p className="timeline-meta">
            <time dateTime={event.at}>{formatDayAndTime(event.at)}</time>
            <span aria-hidden="true"> · </span>
            <span>
              <span className="visually-hidden">by </span>
              {actor(event)}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A staff note on the order: on the timeline, never shown to the customer. */
export function OrderNoteForm({ order, ...updates }: OrderUpdates & { order: ApiAdminOrder }) {
  const { error, run } = useOrderAction(updates);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }>({
    resolver: zodResolver(noteSchemas.body),
    mode: 'onTouched',
    defaultValues: { note: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    const ok = await run(
      () => adminApi.call(addOrderNote, { params: { id: order._id }, body }),
      'Note added.',
    );
    if (ok) reset({ note: '' });
  });

  return (
    <form className="compose order-note-form" noValidate onSubmit={onSubmit}>
      <TextAreaField
        label="Staff note"
        hint="Only staff see notes; the customer is not told."
        rows={2}
        maxLength={1000}
        error={errors.note?.message ?? error ?? undefined}
        {...register('note')}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add note'}
      </button>
    </form>
  );
}

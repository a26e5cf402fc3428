import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  getAdminEnquiry,
  legacyDeleteEnquiry,
  legacyUpdateEnquiry,
} from '../../../shared/api/enquiries-admin';
import type { ApiEnquiryNote, ApiEnquiryThread } from '../../../shared/api/enquiries-admin.schemas';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { useConfirm } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { NoteForm, ReplyForm } from '../features/enquiries/compose-forms';
import '../features/enquiries/enquiries.css';
import {
  type EnquiryStatus,
  EnquiryStatusBadge,
  enquiryStatusList,
} from '../features/enquiries/enquiry-status';
import { TicketFactsPanel } from '../features/enquiries/ticket-facts';
import '../features/orders/orders.css';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

/** One enquiry: the message, who sent it, its status, the notes and replies, and the forms to add to them. */
export default function EnquiryPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const loaded = useAdminQuery((signal) => adminApi.call(getAdminEnquiry, { params: { id }, signal }), [id]);
  const [latest, setLatest] = useState<ApiEnquiryThread | null>(null);
  const thread = latest?.enquiry._id === id ? latest : loaded.data;

  if (loaded.error && !thread) {
    return (
      <>
        <PageHeader title="Enquiry" back={{ href: '/enquiries', label: 'Enquiries' }} />
        <LoadError message={loaded.error} onRetry={loaded.status === 404 ? undefined : loaded.reload} />
      </>
    );
  }
  if (!thread || thread.enquiry._id !== id) {
    return (
      <PageHeader title="Enquiry" description="Loading…" back={{ href: '/enquiries', label: 'Enquiries' }} />
    );
  }
  return <EnquiryDetail thread={thread} onChanged={setLatest} />;
}

/** The replies e-mailed and the internal notes, oldest first. */
function ThreadNotes({ notes }: { notes: readonly ApiEnquiryNote[] }) {
  return (
    <section className="panel" aria-labelledby="enquiry-thread-heading">
      <h2 id="enquiry-thread-heading">Notes and replies</h2>
      {notes.length === 0 ? (
        <p className="muted">Nothing yet. Replies you send and notes you add appear here, oldest first.</p>
      ) : (
        <ol className="thread">
          {notes.map((note) => (
            <li key={note._id} className={`thread-item thread-item--${note.kind}`}>
              <p className="thread-meta">
                <span className={note.kind === 'reply' ? 'badge badge--success' : 'badge badge--warning'}>
                  {note.kind === 'reply' ? 'E-mailed reply' : 'Internal note'}
                </span>
                <span>{note.author ? note.author.name : 'A former staff member'}</span>
                <span>{formatDayAndTime(note.createdAt)}</span>
              </p>
              <p className="thread-body">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Who wrote: how to reach them, and their customer account if they have one. */
function ContactPanel({ thread }: { thread: ApiEnquiryThread }) {
  const { can } = useStaff();
  const { enquiry } = thread;
  return (
    <section className="panel" aria-labelledby="enquiry-contact-heading">
      <h2 id="enquiry-contact-heading">Contact</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{enquiry.name}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
        </dd>
        <dt>Mobile</dt>
        <dd>
          <a href={`tel:+91${enquiry.mobile}`}>{enquiry.mobile}</a>
        </dd>
        {thread.customerId && (
          <>
            <dt>Account</dt>
            <dd>
              {can('customers.read') ? (
                <Link href={`/customers/${thread.customerId}`}>Customer account</Link>
              ) : (
                'Has a customer account'
              )}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function EnquiryDetail({
  thread,
  onChanged,
}: {
  thread: ApiEnquiryThread;
  onChanged: (t: ApiEnquiryThread) => void;
}) {
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const statusId = useId();
  const { enquiry } = thread;
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.status);
  const [busy, setBusy] = useState(false);
  useEffect(() => setStatus(enquiry.status), [enquiry.status]);

  const saveStatus = async () => {
    setBusy(true);
    try {
      const updated = await adminApi.call(legacyUpdateEnquiry, {
        params: { id: enquiry._id },
        body: { status },
      });
      // A ticket's facts (resolved when, overdue or not) change with its status: read them again.
      onChanged(
        thread.ticket
          ? await adminApi.call(getAdminEnquiry, { params: { id: enquiry._id } })
          : { ...thread, enquiry: updated },
      );
      toast.success(`Marked as ${updated.status}.`, { autoClose: 3000 });
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: `Delete the enquiry from ${enquiry.name}?`,
      message:
        'The message, its notes and the record of replies are deleted. The audit trail keeps who did it.',
      confirmLabel: 'Delete enquiry',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await adminApi.call(legacyDeleteEnquiry, { params: { id: enquiry._id } });
      toast.success(`Deleted the enquiry from ${enquiry.name}.`, { autoClose: 4000 });
      navigate('/enquiries');
    } catch (error) {
      reportSubmitError(error);
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={
          thread.ticket
            ? `${thread.ticket.kind === 'grievance' ? 'Complaint' : 'Data request'} ${thread.ticket.ticketNumber} from ${enquiry.name}`
            : `Enquiry from ${enquiry.name}`
        }
        description={`Received ${formatDayAndTime(enquiry.createdAt)}`}
        back={{ href: '/enquiries', label: 'Support inbox' }}
        actions={
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </button>
        }
      />
      <div className="detail-grid">
        <div>
          <section className="panel" aria-labelledby="enquiry-message-heading">
            <h2 id="enquiry-message-heading">Message</h2>
            <p className="enquiry-message">{enquiry.comment}</p>
          </section>

          <ThreadNotes notes={thread.notes} />

          <section className="panel" aria-labelledby="enquiry-reply-heading">
            <h2 id="enquiry-reply-heading">Reply</h2>
            <ReplyForm enquiryId={enquiry._id} to={enquiry.email} name={enquiry.name} onSaved={onChanged} />
          </section>
          <section className="panel" aria-labelledby="enquiry-note-heading">
            <h2 id="enquiry-note-heading">Add a note</h2>
            <NoteForm enquiryId={enquiry._id} onSaved={onChanged} />
          </section>
        </div>

        <div>
          {thread.ticket && <TicketFactsPanel ticket={thread.ticket} />}
          <section className="panel" aria-labelledby="enquiry-status-heading">
            <h2 id="enquiry-status-heading">Status</h2>
            <p className="status-now">
              <EnquiryStatusBadge status={enquiry.status} />
            </p>
            <form
              className="status-form"
              onSubmit={(event) => {
                event.preventDefault();
                void saveStatus();
              }}
            >
              <div className="form-field">
                <label className="form-label" htmlFor={statusId}>
                  Change to
                </label>
                <select
                  id={statusId}
                  className="form-input form-select"
                  value={status}
                  onChange={(event) => setStatus(event.target.value as EnquiryStatus)}
                >
                  {enquiryStatusList.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button" disabled={busy || status === enquiry.status}>
                Save status
              </button>
            </form>
          </section>

          <ContactPanel thread={thread} />
        </div>
      </div>
    </>
  );
}

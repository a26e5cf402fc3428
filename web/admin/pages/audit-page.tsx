import { useState } from 'react';
import { listAuditEvents } from '../../../shared/api/audit';
import type { ApiAuditEvent } from '../../../shared/api/audit.schemas';
import { listStaff } from '../../../shared/api/staff';
import { auditKinds, isAuditKind } from '../../../shared/audit-kinds';
import { SelectField, TextField } from '../../components/forms/form-field';
import { formatDayAndTime } from '../../lib/dates';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const entityTypes = [
  'product',
  'brand',
  'category',
  'color',
  'blog',
  'blogcategory',
  'coupon',
  'media',
  'order',
  'customer',
  'enquiry',
  'pincode',
  'staff',
  'staff_invite',
  'settings',
  'report',
];

function Change({ event }: { event: ApiAuditEvent }) {
  const [open, setOpen] = useState(false);
  if (event.before == null && event.after == null) return null;
  return (
    <div className="audit-change">
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide change' : 'Show change'}
      </button>
      {open && (
        <>
          {event.before != null && (
            <>
              <p className="muted">Before</p>
              <pre>{JSON.stringify(event.before, null, 2)}</pre>
            </>
          )}
          {event.after != null && (
            <>
              <p className="muted">After</p>
              <pre>{JSON.stringify(event.after, null, 2)}</pre>
            </>
          )}
        </>
      )}
    </div>
  );
}

const auditColumns: Column<ApiAuditEvent>[] = [
  {
    key: 'when',
    header: 'When (IST)',
    width: '11rem',
    render: (event) => formatDayAndTime(event.createdAt),
  },
  {
    key: 'who',
    header: 'Who',
    render: (event) => (
      <>
        {event.actor}
        {event.ip && (
          <>
            <br />
            <span className="muted">{event.ip}</span>
          </>
        )}
      </>
    ),
  },
  {
    key: 'what',
    header: 'What',
    render: (event) => (
      <>
        <span className={event.action.endsWith('failed') ? 'badge badge--danger' : 'badge'}>
          {event.action}
        </span>{' '}
        {event.summary}
        {event.entityId && (
          <>
            <br />
            <span className="muted">
              {event.entityType} {event.entityId}
            </span>
          </>
        )}
      </>
    ),
  },
  { key: 'change', header: 'Change', render: (event) => <Change event={event} /> },
];

/**
 * Owners: every staff write and sign-in, newest first, filtered on the server. Pages follow a
 * cursor, so the trail stays fast however long it grows.
 */
export default function AuditPage() {
  const [state, setState] = useSearchState();
  const [cursors, setCursors] = useState<string[]>([]);
  const query = {
    staffId: state.staffId,
    entityType: state.entityType,
    entityId: state.entityId,
    kind: isAuditKind(state.kind) ? state.kind : undefined,
    from: state.from,
    to: state.to,
    cursor: cursors.at(-1),
  };
  const key = JSON.stringify(query);
  const events = useAdminQuery((signal) => adminApi.call(listAuditEvents, { query, signal }), [key]);
  const team = useAdminQuery((signal) => adminApi.call(listStaff, { signal }), []);
  const filter = (changes: Record<string, string>) => {
    setCursors([]);
    setState(changes);
  };

  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every change staff made, every sign-in, and every look at customers' details: one customer's page, or a list, search, export or report with what was asked and how many records it showed."
      />
      <form
        className="toolbar"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Filter the audit trail"
      >
        <SelectField
          label="Staff member"
          value={state.staffId ?? ''}
          onChange={(event) => filter({ staffId: event.target.value })}
        >
          <option value="">Everyone</option>
          {team.data?.staff.map((member) => (
            <option key={member._id} value={member._id}>
              {member.firstname} {member.lastname} ({member.email})
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Kind"
          value={isAuditKind(state.kind) ? state.kind : ''}
          onChange={(event) => filter({ kind: event.target.value })}
        >
          <option value="">Everything</option>
          {Object.entries(auditKinds).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="What"
          value={state.entityType ?? ''}
          onChange={(event) => filter({ entityType: event.target.value })}
        >
          <option value="">Everything</option>
          {entityTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Record id"
          defaultValue={state.entityId ?? ''}
          onBlur={(event) => filter({ entityId: event.target.value.trim() })}
        />
        <TextField
          label="From"
          type="date"
          value={state.from ?? ''}
          onChange={(event) => filter({ from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={state.to ?? ''}
          onChange={(event) => filter({ to: event.target.value })}
        />
      </form>
      {events.error && <LoadError message={events.error} onRetry={events.reload} />}
      <DataTable
        caption="Audit events"
        loading={events.loading}
        rows={events.data?.events ?? []}
        rowKey={(event) => event._id}
        empty="No events match these filters."
        columns={auditColumns}
      />
      <nav className="pager" aria-label="Audit pages">
        <button
          type="button"
          className="button"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="button"
          disabled={!events.data?.nextCursor}
          onClick={() => events.data?.nextCursor && setCursors([...cursors, events.data.nextCursor])}
        >
          Older
        </button>
      </nav>
    </>
  );
}

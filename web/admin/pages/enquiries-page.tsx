import { Link } from 'wouter';
import type { ResponseOf } from '../../../shared/api/endpoint';
import { listAdminEnquiries } from '../../../shared/api/enquiries-admin';
import type { SupportKind } from '../../../shared/schemas/grievance';
import { formatDayAndTime } from '../../lib/dates';
import { DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import {
  type EnquiryStatus,
  EnquiryStatusBadge,
  enquiryStatusList,
} from '../features/enquiries/enquiry-status';
import '../features/enquiries/enquiries.css';
import { formatShortDay, inboxKinds, kindAndTopic, OverdueBadge } from '../features/enquiries/ticket-facts';
import { FilterButtons } from '../features/orders/filter-buttons';
import '../features/orders/orders.css';
import { SearchField } from '../components/search-field';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const PAGE_SIZE = 25;
const EXCERPT = 120;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT).trimEnd()}…` : text);

type InboxData = ResponseOf<typeof listAdminEnquiries>;

/** The kind, deadline and status buttons above the inbox, each with its count. */
function InboxFilters({
  kind,
  overdue,
  status,
  counts,
  kindCounts,
}: {
  kind: SupportKind | undefined;
  overdue: 'true' | undefined;
  status: EnquiryStatus | undefined;
  counts: InboxData['counts'] | undefined;
  kindCounts: InboxData['kindCounts'] | undefined;
}) {
  const [, setState] = useSearchState();
  return (
    <>
      <FilterButtons
        label="Show by kind"
        value={kind ?? ''}
        onChange={(value) => setState({ kind: value, page: '' })}
        options={[
          { value: '', label: 'Everything', count: kindCounts?.all },
          ...inboxKinds.map((k) => ({ value: k.value, label: k.label, count: kindCounts?.[k.value] })),
        ]}
      />
      <FilterButtons
        label="Show overdue only"
        value={overdue ?? ''}
        onChange={(value) => setState({ overdue: value, page: '' })}
        options={[
          { value: '', label: 'Any deadline' },
          { value: 'true', label: 'Overdue', count: kindCounts?.overdue },
        ]}
      />
      <FilterButtons
        label="Show enquiries by status"
        value={status ?? ''}
        onChange={(value) => setState({ status: value, page: '' })}
        options={[
          { value: '', label: 'All', count: counts?.all },
          ...enquiryStatusList.map((s) => ({ value: s, label: s, count: counts?.[s] })),
        ]}
      />
    </>
  );
}

/**
 * The support inbox: contact-form enquiries, complaints and data requests. Kind, overdue
 * and status buttons with counts, search, the most urgent first (overdue, then the nearest
 * deadline), pages.
 */
export default function EnquiriesPage() {
  const [state, setState] = useSearchState();
  const status = (enquiryStatusList as readonly string[]).includes(state.status ?? '')
    ? (state.status as EnquiryStatus)
    : undefined;
  const kind = inboxKinds.some((k) => k.value === state.kind) ? (state.kind as SupportKind) : undefined;
  const overdue = state.overdue === 'true' ? ('true' as const) : undefined;
  const page = Math.max(1, Number(state.page) || 1);
  const query = { status, kind, overdue, q: state.q || undefined, page, limit: PAGE_SIZE };
  const inbox = useAdminQuery(
    (signal) => adminApi.call(listAdminEnquiries, { query, signal }),
    [status, kind, overdue, query.q, page],
  );
  const counts = inbox.data?.counts;
  const kindCounts = inbox.data?.kindCounts;

  return (
    <>
      <PageHeader
        title="Support inbox"
        description="Contact-form enquiries, complaints and data requests; the most urgent first."
      />
      <InboxFilters kind={kind} overdue={overdue} status={status} counts={counts} kindCounts={kindCounts} />
      <div className="toolbar">
        <SearchField
          label="Search"
          value={state.q ?? ''}
          placeholder="Name, e-mail, mobile or words of the message"
          onSearch={(q) => setState({ q })}
        />
      </div>
      {inbox.error && <LoadError message={inbox.error} onRetry={inbox.reload} />}
      <DataTable
        caption="Support inbox"
        loading={inbox.loading}
        rows={inbox.data?.enquiries ?? []}
        rowKey={(enquiry) => enquiry._id}
        empty={status || kind || overdue || query.q ? 'Nothing matches.' : 'Nothing in the inbox yet.'}
        columns={[
          {
            key: 'ticket',
            header: 'Ticket',
            width: '10rem',
            render: (enquiry) => (
              <>
                {enquiry.ticket ? (
                  <Link href={`/enquiries/${enquiry._id}`} className="ticket-no">
                    {enquiry.ticket.ticketNumber}
                  </Link>
                ) : (
                  <span className="muted">No ticket</span>
                )}
                <OverdueBadge ticket={enquiry.ticket} />
              </>
            ),
          },
          {
            key: 'kind',
            header: 'Kind',
            width: '10rem',
            render: (enquiry) => {
              const { kind: label, topic } = kindAndTopic(enquiry.ticket);
              return (
                <>
                  {label}
                  {topic && <span className="cell-sub">{topic}</span>}
                </>
              );
            },
          },
          {
            key: 'createdAt',
            header: 'Received',
            width: '10rem',
            render: (enquiry) => formatDayAndTime(enquiry.createdAt),
          },
          {
            key: 'respondBy',
            header: 'Respond by',
            width: '7.5rem',
            render: (enquiry) =>
              enquiry.ticket ? formatShortDay(enquiry.ticket.respondBy) : <span className="muted">—</span>,
          },
          {
            key: 'from',
            header: 'From',
            width: '16rem',
            render: (enquiry) => (
              <>
                <Link href={`/enquiries/${enquiry._id}`}>{enquiry.name}</Link>
                <span className="cell-sub">{enquiry.email}</span>
              </>
            ),
          },
          {
            key: 'comment',
            header: 'Message',
            render: (enquiry) => (
              <>
                <span className="enquiry-excerpt">{excerpt(enquiry.comment)}</span>
                {enquiry.noteCount > 0 && (
                  <span className="cell-sub">
                    {enquiry.noteCount} {enquiry.noteCount === 1 ? 'note or reply' : 'notes and replies'}
                  </span>
                )}
              </>
            ),
          },
          {
            key: 'status',
            header: 'Status',
            width: '8rem',
            render: (enquiry) => <EnquiryStatusBadge status={enquiry.status} />,
          },
        ]}
      />
      {inbox.data && (
        <Pager
          page={page}
          pageSize={inbox.data.pageSize}
          total={inbox.data.total}
          onPageChange={(next) => setState({ page: next })}
          label="Pages of the inbox"
        />
      )}
    </>
  );
}

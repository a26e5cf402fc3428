import { Link } from 'wouter';
import { listAdminEnquiries } from '../../../shared/api/enquiries-admin';
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
import { FilterButtons } from '../features/orders/filter-buttons';
import '../features/orders/orders.css';
import { SearchField } from '../components/search-field';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const PAGE_SIZE = 25;
const EXCERPT = 120;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT).trimEnd()}…` : text);

/** The inbox: status buttons with counts, search, newest first, pages. */
export default function EnquiriesPage() {
  const [state, setState] = useSearchState();
  const status = (enquiryStatusList as readonly string[]).includes(state.status ?? '')
    ? (state.status as EnquiryStatus)
    : undefined;
  const page = Math.max(1, Number(state.page) || 1);
  const query = { status, q: state.q || undefined, page, limit: PAGE_SIZE };
  const inbox = useAdminQuery(
    (signal) => adminApi.call(listAdminEnquiries, { query, signal }),
    [status, query.q, page],
  );
  const counts = inbox.data?.counts;

  return (
    <>
      <PageHeader title="Enquiries" description="Messages from the contact form, newest first." />
      <FilterButtons
        label="Show enquiries by status"
        value={status ?? ''}
        onChange={(value) => setState({ status: value })}
        options={[
          { value: '', label: 'All', count: counts?.all },
          ...enquiryStatusList.map((s) => ({ value: s, label: s, count: counts?.[s] })),
        ]}
      />
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
        caption="Enquiries"
        loading={inbox.loading}
        rows={inbox.data?.enquiries ?? []}
        rowKey={(enquiry) => enquiry._id}
        empty={status || query.q ? 'No enquiries match.' : 'No enquiries yet.'}
        columns={[
          {
            key: 'createdAt',
            header: 'Received',
            width: '11rem',
            render: (enquiry) => formatDayAndTime(enquiry.createdAt),
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
          label="Pages of enquiries"
        />
      )}
    </>
  );
}

import { adminMessages } from '../../../shared/api/messages';
import {
  type ApiAdminMessage,
  messageChannelValues,
  messageStatusValues,
} from '../../../shared/api/messages.schemas';
import { SelectField } from '../../components/forms/form-field';
import { formatDayAndTime } from '../../lib/dates';
import { DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import '../features/orders/orders.css';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const channelNames: Record<ApiAdminMessage['channel'], string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

const statusBadge: Record<ApiAdminMessage['status'], string> = {
  queued: 'badge badge--warning',
  sent: 'badge',
  delivered: 'badge badge--success',
  read: 'badge badge--success',
  failed: 'badge badge--danger',
  skipped: 'badge badge--danger',
  'given-up': 'badge badge--danger',
};

const statusNames: Record<ApiAdminMessage['status'], string> = {
  queued: 'Waiting',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  skipped: 'Skipped (no template)',
  'given-up': 'Given up',
};

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * The SMS and WhatsApp messages the shop sent or is sending, newest first: when (India time), the
 * channel, what about, to which number (masked), where it stands, how many attempts and the last
 * error. Read-only; each read is in the audit trail.
 */
export default function MessagesPage() {
  const [state, setState] = useSearchState();
  const channel = oneOf(messageChannelValues, state.channel);
  const status = oneOf(messageStatusValues, state.status);
  const page = Math.max(1, Number(state.page) || 1);
  const table = useAdminQuery(
    (signal) => adminApi.call(adminMessages, { query: { channel, status, page }, signal }),
    [channel, status, page],
  );

  return (
    <>
      <PageHeader
        title="Messages"
        description="SMS and WhatsApp messages to customers: order updates, codes and offers. Numbers show their last 4 digits."
      />
      <div className="toolbar">
        <SelectField
          label="Channel"
          value={channel ?? ''}
          onChange={(event) => setState({ channel: event.target.value })}
        >
          <option value="">SMS and WhatsApp</option>
          {messageChannelValues.map((value) => (
            <option key={value} value={value}>
              {channelNames[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status ?? ''}
          onChange={(event) => setState({ status: event.target.value })}
        >
          <option value="">Any status</option>
          {messageStatusValues.map((value) => (
            <option key={value} value={value}>
              {statusNames[value]}
            </option>
          ))}
        </SelectField>
      </div>
      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      <DataTable<ApiAdminMessage>
        caption="Messages"
        loading={table.loading}
        rows={table.data?.messages ?? []}
        rowKey={(message) => message.id}
        empty={channel || status ? 'No messages match.' : 'No messages yet.'}
        columns={[
          {
            key: 'createdAt',
            header: 'Queued (IST)',
            render: (m) => <time dateTime={m.createdAt}>{formatDayAndTime(m.createdAt)}</time>,
          },
          { key: 'channel', header: 'Channel', render: (m) => channelNames[m.channel] },
          { key: 'kind', header: 'About', render: (m) => m.kind.replaceAll('-', ' ') },
          { key: 'to', header: 'To', render: (m) => m.to },
          {
            key: 'status',
            header: 'Status',
            render: (m) => (
              <>
                <span className={statusBadge[m.status]}>{statusNames[m.status]}</span>
                <span className="cell-sub">
                  <time dateTime={m.statusAt}>{formatDayAndTime(m.statusAt)}</time>
                </span>
              </>
            ),
          },
          { key: 'attempts', header: 'Attempts', align: 'end', render: (m) => m.attempts },
          {
            key: 'lastError',
            header: 'Last error',
            render: (m) => (m.lastError ? <span className="cell-sub">{m.lastError}</span> : '—'),
          },
        ]}
      />
      {table.data && (
        <Pager
          page={page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
          label="Pages of messages"
        />
      )}
    </>
  );
}

import { useState } from 'react';
import { Link } from 'wouter';
import { rtoParcels } from '../../../shared/api/shipments';
import type { ApiRtoParcel } from '../../../shared/api/shipments.schemas';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { RtoReceiveDialog, receiptMessage } from '../features/shipments/rto-receive-dialog';
import '../features/orders/orders.css';
import '../features/shipments/shipments.css';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

const paymentWords = { online: 'Prepaid', cod: 'Cash on delivery' } as const;

function columns(receive: ((parcel: ApiRtoParcel) => void) | undefined): Column<ApiRtoParcel>[] {
  const list: Column<ApiRtoParcel>[] = [
    {
      key: 'awb',
      header: 'Parcel',
      render: (p) => (
        <>
          <code>{p.shipment.awb}</code>
          <span className="cell-sub">{p.shipment.courier}</span>
        </>
      ),
    },
    {
      key: 'order',
      header: 'Order',
      render: (p) => (
        <>
          <Link href={`/orders/${p.shipment.orderId}`}>{p.orderNumber}</Link>
          <span className="cell-sub">{p.customerName}</span>
        </>
      ),
    },
    {
      key: 'items',
      header: 'Items',
      render: (p) => (
        <ul className="parcel-lines">
          {p.items.map((item) => (
            <li key={item.lineId}>
              {item.quantity} × {item.title}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'value',
      header: 'Value',
      align: 'end',
      render: (p) => (
        <>
          {formatRupees(p.value)}
          <span className="cell-sub">{paymentWords[p.paymentMethod]}</span>
        </>
      ),
    },
    {
      key: 'since',
      header: 'Since',
      render: (p) => <time dateTime={p.since}>{formatDayAndTime(p.since)}</time>,
    },
  ];
  if (receive)
    list.push({
      key: 'receive',
      header: <span className="visually-hidden">Action</span>,
      align: 'end',
      render: (p) => (
        <button type="button" className="button button--small button--primary" onClick={() => receive(p)}>
          Receive back<span className="visually-hidden"> parcel {p.shipment.awb}</span>
        </button>
      ),
    });
  return list;
}

/**
 * Parcels returned to origin: those back at the shop, waiting to be received (their condition, what
 * goes back to stock, and so the order's money), and those the courier is still bringing back.
 */
export default function ReturnsToOriginPage() {
  const { can } = useStaff();
  const parcels = useAdminQuery((signal) => adminApi.call(rtoParcels, { signal }), []);
  const [receiving, setReceiving] = useState<ApiRtoParcel | null>(null);
  const data = parcels.data;

  return (
    <>
      <PageHeader
        title="Returns to origin"
        description="Parcels the courier could not deliver and brought back. Receive each one as it arrives: its stock goes back, and the customer is refunded (prepaid) or owes nothing (cash on delivery)."
      />
      {parcels.error && <LoadError message={parcels.error} onRetry={parcels.reload} />}
      <section className="panel" aria-labelledby="rto-receive-heading">
        <h2 id="rto-receive-heading">
          Back at the shop, to receive{data ? ` (${data.toReceive.length})` : ''}
        </h2>
        <DataTable
          caption="Parcels back at the shop, waiting to be received"
          columns={columns(can('orders.write') ? setReceiving : undefined)}
          rows={data?.toReceive ?? []}
          rowKey={(p) => p.shipment._id}
          loading={!data && !parcels.error}
          empty={data ? 'No parcel is waiting to be received.' : 'Loading…'}
        />
      </section>
      <section className="panel" aria-labelledby="rto-coming-heading">
        <h2 id="rto-coming-heading">On the way back{data ? ` (${data.comingBack.length})` : ''}</h2>
        <DataTable
          caption="Parcels the courier is bringing back"
          columns={columns(undefined)}
          rows={data?.comingBack ?? []}
          rowKey={(p) => p.shipment._id}
          loading={!data && !parcels.error}
          empty={data ? 'No parcel is on its way back.' : 'Loading…'}
        />
      </section>
      <RtoReceiveDialog
        parcel={receiving?.shipment ?? null}
        order={{
          orderNumber: receiving?.orderNumber ?? '',
          paymentMethod: receiving?.paymentMethod ?? 'online',
          titles: new Map((receiving?.items ?? []).map((item) => [item.lineId, item.title])),
        }}
        onClose={() => setReceiving(null)}
        onReceived={(answer) => {
          toast.success(receiptMessage(answer.shipment.awb ?? '', answer), { autoClose: 6000 });
          parcels.reload();
        }}
      />
    </>
  );
}

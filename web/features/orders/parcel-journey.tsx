import type { ApiParcelTracking } from '../../../shared/api/shipments.schemas';
import { useErrorText } from '../../i18n/errors';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { formatDayAndTime } from '../../lib/dates';

/** The courier's words for a parcel's status, as a shopper reads them. */
const statusWords = (t: Translate): Record<ApiParcelTracking['status'], string> => ({
  pending: t('order.parcel.pending'),
  booked: t('order.parcel.booked'),
  picked_up: t('order.parcel.pickedUp'),
  in_transit: t('order.parcel.inTransit'),
  out_for_delivery: t('order.parcel.outForDelivery'),
  ndr: t('order.parcel.ndr'),
  delivered: t('order.parcel.delivered'),
  rto_initiated: t('order.parcel.rtoInitiated'),
  rto_delivered: t('order.parcel.rtoDelivered'),
  cancelled: t('order.parcel.cancelled'),
  failed: t('order.parcel.failed'),
});

/** Each parcel with its courier, AWB, items and scans, newest first. */
export function ParcelJourney({
  parcels,
  error,
}: {
  parcels: ApiParcelTracking[] | undefined;
  error?: string | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const words = statusWords(t);
  const problem = useErrorText()(error ?? '');
  return (
    <section className="order-panel" aria-labelledby="order-parcels-title" aria-busy={!parcels && !error}>
      <h2 id="order-parcels-title" className="order-panel-title">
        {t('order.parcel.title')}
      </h2>
      {error && (
        <p className="order-muted" role="alert" lang={problem.lang}>
          {problem.text}
        </p>
      )}
      {parcels?.map((parcel, n) => (
        <div className="order-parcel" key={parcel.awb ?? n}>
          <p className="order-parcel-title">
            {parcels.length > 1 && t('order.parcel.which', { n: n + 1, count: parcels.length })}
            <strong>{words[parcel.status]}</strong>
          </p>
          <p className="order-muted">
            {parcel.courier}
            {parcel.awb && ` · AWB ${parcel.awb}`}
          </p>
          <p className="order-muted">
            {parcel.items.map((item) => `${item.quantity} × ${item.title}`).join(', ')}
          </p>
          {parcel.scans.length > 0 && (
            <ol
              className="order-scans"
              aria-label={
                parcel.awb ? t('order.parcel.scans', { awb: parcel.awb }) : t('order.parcel.scansOfParcel')
              }
            >
              {[...parcel.scans].reverse().map((scan) => (
                <li key={`${scan.at}-${scan.status}`}>
                  <span className="order-scan-what">
                    {words[scan.status as ApiParcelTracking['status']] ?? scan.status}
                    {scan.location && ` · ${scan.location}`}
                  </span>
                  <time className="order-muted" dateTime={scan.at}>
                    {formatDayAndTime(scan.at, locale)}
                  </time>
                  {scan.description && <span className="order-muted"> {scan.description}</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}

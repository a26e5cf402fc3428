import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { listMyTickets } from '../../shared/api/grievances';
import type { ApiTicket } from '../../shared/api/grievances.schemas';
import { listMyOrders } from '../../shared/api/orders';
import { GrievanceForm } from '../features/grievances/grievance-form';
import '../features/grievances/grievances.css';
import { SHOP } from '../content/policies/shop-details';
import { MyRequests } from '../features/grievances/my-requests';
import { Trans, useT } from '../i18n/i18n';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import './content-page.css';

/**
 * Complaints (Consumer Protection (E-Commerce) Rules 2020) and personal-data requests (DPDP Rules
 * 2025): the form, the time limits we keep, the Grievance Officer, and a signed-in customer's own
 * tickets. Rendered on the server signed out; the customer's orders and tickets load after hydration.
 */
export default function GrievancesPage() {
  const customer = useSession();
  const [tickets, setTickets] = useState<ApiTicket[] | null>(null);
  const [orderNumbers, setOrderNumbers] = useState<string[]>([]);
  const t = useT();

  useEffect(() => {
    if (!customer) return;
    const controller = new AbortController();
    // Neither is needed to file: a failure leaves the form working with a free-text order number.
    api
      .call(listMyTickets, { signal: controller.signal })
      .then(setTickets)
      .catch(() => undefined);
    api
      .call(listMyOrders, { signal: controller.signal })
      .then(({ orders }) => setOrderNumbers(orders.slice(0, 20).map((order) => order.orderNumber)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [customer]);

  return (
    <div className="grievances-page container">
      <header className="content-hero">
        <p className="eyebrow">{t('grievances.eyebrow')}</p>
        <h1>{t('grievances.title')}</h1>
        <p className="content-lead">{t('grievances.lead')}</p>
      </header>

      <div className="grievances-grid">
        <section className="grievance-card" aria-labelledby="ticket-form-title">
          <h2 id="ticket-form-title">{t('grievances.form.title')}</h2>
          <p>{t('grievances.form.required')}</p>
          <GrievanceForm
            orderNumbers={orderNumbers}
            onFiled={(ticket) => setTickets((current) => (current ? [ticket, ...current] : current))}
          />
        </section>

        <div>
          <section className="grievance-card" aria-labelledby="time-limits-title">
            <h2 id="time-limits-title">{t('grievances.limits.title')}</h2>
            <ul className="time-limits">
              <li>
                <strong>{t('grievances.limits.ack')}</strong>
                {t('grievances.limits.ackText')}
              </li>
              <li>
                <strong>{t('grievances.limits.complaints')}</strong>
                {t('grievances.limits.complaintsText')}
              </li>
              <li>
                <strong>{t('grievances.limits.data')}</strong>
                {t('grievances.limits.dataText')}
              </li>
            </ul>
            <p>
              <Trans
                id="grievances.limits.links"
                components={{ 0: <Link href="/my-profile" />, 1: <Link href="/privacy-policy" /> }}
              />
            </p>
          </section>

          <section className="grievance-card" aria-labelledby="officer-title">
            <h2 id="officer-title">{t('grievances.officer.title')}</h2>
            <dl className="officer">
              <dt>{t('grievances.officer.name')}</dt>
              <dd>{SHOP.grievanceOfficer.name}</dd>
              <dt>{t('grievances.officer.email')}</dt>
              <dd>
                <a href={`mailto:${SHOP.grievanceOfficer.email}`}>{SHOP.grievanceOfficer.email}</a>
              </dd>
              <dt>{t('grievances.officer.phone')}</dt>
              <dd>
                {/* SHOP.hours in the page's language (grievances-words.test.tsx keeps the English equal to it). */}
                {SHOP.grievanceOfficer.phone} ({t('grievances.officer.hours')})
              </dd>
              <dt>{t('grievances.officer.address')}</dt>
              {/* Postal addresses are written in English in India, in every language of the page. */}
              <dd lang="en">{SHOP.address}</dd>
            </dl>
          </section>

          {customer && (
            <section className="grievance-card" aria-labelledby="my-requests-title">
              <h2 id="my-requests-title">{t('grievances.requests.title')}</h2>
              {tickets ? (
                <MyRequests tickets={tickets} />
              ) : (
                <p className="form-note">{t('grievances.requests.loading')}</p>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

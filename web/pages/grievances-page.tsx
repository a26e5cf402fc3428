import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { listMyTickets } from '../../shared/api/grievances';
import type { ApiTicket } from '../../shared/api/grievances.schemas';
import { listMyOrders } from '../../shared/api/orders';
import { GrievanceForm } from '../features/grievances/grievance-form';
import '../features/grievances/grievances.css';
import { SHOP } from '../content/policies/shop-details';
import { MyRequests } from '../features/grievances/my-requests';
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
        <p className="eyebrow">Your rights as a customer</p>
        <h1>Complaints and data requests</h1>
        <p className="content-lead">
          Unhappy with an order, a product, a delivery or a refund? Or want to see, correct or erase your
          personal data? Tell us here: you get a ticket number at once. We acknowledge within 48 hours,
          resolve complaints within a month and answer data requests within 30 days.
        </p>
      </header>

      <div className="grievances-grid">
        <section className="grievance-card" aria-labelledby="ticket-form-title">
          <h2 id="ticket-form-title">File a complaint or request</h2>
          <p>Every field is required except the order number.</p>
          <GrievanceForm
            orderNumbers={orderNumbers}
            onFiled={(ticket) => setTickets((current) => (current ? [ticket, ...current] : current))}
          />
        </section>

        <div>
          <section className="grievance-card" aria-labelledby="time-limits-title">
            <h2 id="time-limits-title">Our time limits</h2>
            <ul className="time-limits">
              <li>
                <strong>Acknowledged within 48 hours</strong>
                At once, in fact: an e-mail with your ticket number as soon as you send the form.
              </li>
              <li>
                <strong>Complaints resolved within one month</strong>
                By the same date next month, as the Consumer Protection (E-Commerce) Rules, 2020 require.
              </li>
              <li>
                <strong>Data requests answered within 30 days</strong>
                Access, correction, erasure, nominating someone to act for you, withdrawing consent. The
                Digital Personal Data Protection Rules, 2025 allow up to 90 days; we promise 30.
              </li>
            </ul>
            <p>
              You can also download everything we hold about you at once from your{' '}
              <Link href="/my-profile">profile</Link>. How we use your data: our{' '}
              <Link href="/privacy-policy">privacy policy</Link>.
            </p>
          </section>

          <section className="grievance-card" aria-labelledby="officer-title">
            <h2 id="officer-title">Grievance Officer</h2>
            <dl className="officer">
              <dt>Name</dt>
              <dd>{SHOP.grievanceOfficer.name}</dd>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${SHOP.grievanceOfficer.email}`}>{SHOP.grievanceOfficer.email}</a>
              </dd>
              <dt>Phone</dt>
              <dd>
                {SHOP.grievanceOfficer.phone} ({SHOP.hours})
              </dd>
              <dt>Address</dt>
              <dd>{SHOP.address}</dd>
            </dl>
          </section>

          {customer && (
            <section className="grievance-card" aria-labelledby="my-requests-title">
              <h2 id="my-requests-title">My requests</h2>
              {tickets ? (
                <MyRequests tickets={tickets} />
              ) : (
                <p className="form-note">Loading your requests…</p>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

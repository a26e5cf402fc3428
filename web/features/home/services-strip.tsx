import type { ReactNode } from 'react';
import { HeadsetIcon, ShieldIcon, TagIcon, TruckIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';
import { services } from './home-content';

const RupeeIcon = () => (
  <svg
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="12" cy="12" r="9.5" />
    <path d="M8.5 7.5h7M8.5 10.5h7M11 7.5c2.2 0 3.2 1.3 3.2 2.9s-1.4 3-3.7 3H9l5 4.1" />
  </svg>
);

const icons: Record<ReturnType<typeof services>[number]['id'], ReactNode> = {
  shipping: <TruckIcon size={28} />,
  offers: <TagIcon size={28} />,
  support: <HeadsetIcon size={28} />,
  prices: <RupeeIcon />,
  payments: <ShieldIcon size={28} />,
};

/** The shop's promises, in one strip. */
export function ServicesStrip() {
  const t = useT();
  return (
    <section className="services" aria-labelledby="services-title">
      <h2 id="services-title" className="visually-hidden">
        {t('home.services.title')}
      </h2>
      <ul className="services-list">
        {services(t).map((service) => (
          <li key={service.id} className="service">
            <span className="service-icon">{icons[service.id]}</span>
            <span>
              <strong className="service-title">{service.title}</strong>
              <span className="service-text">{service.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ReactNode } from 'react';
import { HeadsetIcon, ShieldIcon, TagIcon, TruckIcon } from '../../components/ui/icons';

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

const services: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <TruckIcon size={28} />, title: 'Free shipping', text: 'On all orders over ₹500' },
  { icon: <TagIcon size={28} />, title: 'Daily surprise offers', text: 'Save up to 25% off' },
  { icon: <HeadsetIcon size={28} />, title: 'Support 24/7', text: 'Shop with an expert' },
  { icon: <RupeeIcon />, title: 'Affordable prices', text: 'Get factory direct prices' },
  { icon: <ShieldIcon size={28} />, title: 'Secure payments', text: '100% protected payments' },
];

/** The shop's promises, in one strip. */
export function ServicesStrip() {
  return (
    <section className="services" aria-labelledby="services-title">
      <h2 id="services-title" className="visually-hidden">
        Why shop with us
      </h2>
      <ul className="services-list">
        {services.map((service) => (
          <li key={service.title} className="service">
            <span className="service-icon">{service.icon}</span>
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

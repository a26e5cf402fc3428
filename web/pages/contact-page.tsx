import { SHOP_EMAIL, SHOP_PHONE, SHOP_PHONE_HREF } from '../components/layout/nav-links';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../components/ui/icons';
import { ContactForm } from '../features/contact/contact-form';
import '../features/contact/contact.css';
import { MapFacade } from '../features/contact/map-facade';
import { useT } from '../i18n/i18n';
import './content-page.css';

/**
 * The postal address, as couriers, maps and the invoices write it: the same on every language's
 * page (marked English), like the phone number and e-mail address beside it.
 */
const ADDRESS_LINES = [
  'Bharat Bazaar Retail Pvt. Ltd.',
  '4th Floor, Prestige Tech Park, Outer Ring Road,',
  'Bengaluru, Karnataka 560103',
] as const;

export default function ContactPage() {
  const t = useT();
  return (
    <div className="contact-page container">
      <header className="content-hero">
        <p className="eyebrow">{t('contact.eyebrow')}</p>
        <h1>{t('contact.title')}</h1>
        <p className="content-lead">{t('contact.lead')}</p>
      </header>

      <MapFacade />

      <div className="contact-grid">
        <section className="contact-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('contact.form.title')}</h2>
          <p>{t('contact.form.allRequired')}</p>
          <ContactForm />
        </section>

        <section className="contact-card" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">{t('contact.details.title')}</h2>
          <p>{t('contact.details.lead')}</p>
          <address className="contact-details">
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <MapPinIcon size={20} />
              </span>
              <div>
                <h3>{t('contact.details.address')}</h3>
                <p lang="en">
                  {ADDRESS_LINES[0]}
                  <br />
                  {ADDRESS_LINES[1]}
                  <br />
                  {ADDRESS_LINES[2]}
                </p>
              </div>
            </div>
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <PhoneIcon size={20} />
              </span>
              <div>
                <h3>{t('contact.details.phone')}</h3>
                <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
              </div>
            </div>
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <MailIcon size={20} />
              </span>
              <div>
                <h3>{t('contact.details.email')}</h3>
                <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>
              </div>
            </div>
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <ClockIcon size={20} />
              </span>
              <div>
                <h3>{t('contact.details.hours')}</h3>
                <p>{t('contact.details.hoursText')}</p>
              </div>
            </div>
          </address>
        </section>
      </div>
    </div>
  );
}

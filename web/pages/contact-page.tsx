import { SHOP_EMAIL, SHOP_PHONE, SHOP_PHONE_HREF } from '../components/layout/nav-links';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../components/ui/icons';
import { ContactForm } from '../features/contact/contact-form';
import '../features/contact/contact.css';
import { MapFacade } from '../features/contact/map-facade';
import './content-page.css';

export default function ContactPage() {
  return (
    <div className="contact-page container">
      <header className="content-hero">
        <p className="eyebrow">We are here to help</p>
        <h1>Contact us</h1>
        <p className="content-lead">
          A question about a product, an order or a return? Write to us and we will get back to you.
        </p>
      </header>

      <MapFacade />

      <div className="contact-grid">
        <section className="contact-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <p>All fields are required.</p>
          <ContactForm />
        </section>

        <section className="contact-card" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Get in touch with us</h2>
          <p>Visit, call or e-mail us during opening hours.</p>
          <address className="contact-details">
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <MapPinIcon size={20} />
              </span>
              <div>
                <h3>Address</h3>
                <p>
                  Bharat Bazaar Retail Pvt. Ltd.
                  <br />
                  4th Floor, Prestige Tech Park, Outer Ring Road,
                  <br />
                  Bengaluru, Karnataka 560103
                </p>
              </div>
            </div>
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <PhoneIcon size={20} />
              </span>
              <div>
                <h3>Phone</h3>
                <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
              </div>
            </div>
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <MailIcon size={20} />
              </span>
              <div>
                <h3>E-mail</h3>
                <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>
              </div>
            </div>
            <div className="contact-detail">
              <span className="contact-detail-icon">
                <ClockIcon size={20} />
              </span>
              <div>
                <h3>Opening hours</h3>
                <p>Monday to Friday, 10 AM to 8 PM</p>
              </div>
            </div>
          </address>
        </section>
      </div>
    </div>
  );
}

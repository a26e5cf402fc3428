import { Link } from 'wouter';
import {
  ClockIcon,
  HeadsetIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ShieldIcon,
  TagIcon,
  TruckIcon,
} from '../ui/icons';
import { BrandMark } from './brand-mark';
import { SHOP_EMAIL, SHOP_PHONE, SHOP_PHONE_HREF, shopCategories } from './nav-links';

/** The current year in India (the shop's time), not in the zone of the server or the device. */
function yearInIndia(): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(Date.now());
}

const promises = [
  { icon: TruckIcon, title: 'Free shipping', text: 'On all orders over ₹500' },
  { icon: TagIcon, title: 'Daily offers', text: 'Save up to 25% off' },
  { icon: HeadsetIcon, title: 'Support 24/7', text: 'Shop with an expert' },
  { icon: ShieldIcon, title: 'Secure payments', text: 'Net banking, cards, no-cost EMI' },
];

const information = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Refund Policy', href: '/refund-policy' },
  { label: 'Shipping Policy', href: '/Shipping-policy' },
  { label: 'Terms & Conditions', href: '/Terms-conditions' },
  { label: 'Blogs', href: '/blogs' },
];

const account = [
  { label: 'About Us', href: '/about' },
  { label: 'Contact', href: '/contact' },
  { label: 'Complaints and data requests', href: '/grievances' },
  { label: 'Compare Products', href: '/compare-product' },
  { label: 'My Orders', href: '/my-orders' },
  { label: 'Wishlist', href: '/wishlist' },
];

function LinkList({ title, links }: { title: string; links: readonly { label: string; href: string }[] }) {
  return (
    <nav className="footer-block" aria-label={title}>
      <h2 className="footer-title">{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <ul className="promises container" aria-label="Why shop with us">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="promise">
            <Icon size={28} />
            <span>
              <strong>{title}</strong>
              <span>{text}</span>
            </span>
          </li>
        ))}
      </ul>

      <div className="footer-main">
        <div className="container footer-grid">
          <section className="footer-block footer-contact" aria-labelledby="footer-contact-title">
            <h2 className="footer-title" id="footer-contact-title">
              Contact Us
            </h2>
            <address>
              <p className="footer-line">
                <MapPinIcon size={18} />
                <span>
                  Bharat Bazaar Retail Pvt. Ltd.
                  <br />
                  4th Floor, Prestige Tech Park, Outer Ring Road,
                  <br />
                  Bengaluru, Karnataka 560103
                </span>
              </p>
              <p className="footer-line">
                <PhoneIcon size={18} />
                <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
              </p>
              <p className="footer-line">
                <MailIcon size={18} />
                <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>
              </p>
              <p className="footer-line">
                <ClockIcon size={18} />
                <span>Monday to Friday, 10 AM to 8 PM</span>
              </p>
            </address>
          </section>
          <LinkList title="Information" links={information} />
          <LinkList title="Account" links={account} />
          <LinkList
            title="Quick Links"
            links={[{ label: 'All Products', href: '/product' }, ...shopCategories.slice(1)]}
          />
        </div>
      </div>

      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <Link href="/" className="footer-brand" aria-label="Bharat Bazaar home">
            <BrandMark size={28} />
            <span aria-hidden="true">Bharat Bazaar</span>
          </Link>
          {/* The year in India on both sides, so a browser in another time zone draws the server's
              year. They may still differ for a page drawn just before midnight on 31 December and
              hydrated after it: the server's year then stays, rather than React drawing the whole
              page again over a mismatch. */}
          <p
            suppressHydrationWarning
          >{`© ${yearInIndia()} Bharat Bazaar Retail Pvt. Ltd. All rights reserved.`}</p>
        </div>
      </div>
    </footer>
  );
}

import { Link } from 'wouter';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
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
import { SHOP_EMAIL, SHOP_LEGAL_NAME, SHOP_PHONE, SHOP_PHONE_HREF, useShopCategories } from './nav-links';

/** The current year in India (the shop's time), not in the zone of the server or the device. */
function yearInIndia(): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(Date.now());
}

/** The footer's promises and link lists, in the page's language. */
function footerWords(t: Translate) {
  const promises = [
    { icon: TruckIcon, title: t('common.footer.shipping'), text: t('common.footer.shippingText') },
    { icon: TagIcon, title: t('common.footer.offers'), text: t('common.footer.offersText') },
    { icon: HeadsetIcon, title: t('common.footer.support'), text: t('common.footer.supportText') },
    { icon: ShieldIcon, title: t('common.footer.payments'), text: t('common.footer.paymentsText') },
  ];
  const information = [
    { label: t('common.footer.privacy'), href: '/privacy-policy' },
    { label: t('common.footer.refunds'), href: '/refund-policy' },
    { label: t('common.footer.shippingPolicy'), href: '/Shipping-policy' },
    { label: t('common.footer.terms'), href: '/Terms-conditions' },
    { label: t('common.nav.blogs'), href: '/blogs' },
  ];
  const account = [
    { label: t('common.footer.about'), href: '/about' },
    { label: t('common.nav.contact'), href: '/contact' },
    { label: t('common.footer.grievances'), href: '/grievances' },
    { label: t('common.footer.compare'), href: '/compare-product' },
    { label: t('common.nav.orders'), href: '/my-orders' },
    { label: t('common.nav.wishlist'), href: '/wishlist' },
  ];
  return { promises, information, account };
}

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
  const t = useT();
  const locale = useLocale();
  const shopCategories = useShopCategories();
  const { promises, information, account } = footerWords(t);
  return (
    <footer className="site-footer">
      <ul className="promises container" aria-label={t('common.footer.promises')}>
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
              {t('common.footer.contact')}
            </h2>
            <address>
              <p className="footer-line">
                <MapPinIcon size={18} />
                <span>
                  <span lang={locale === 'en' ? undefined : 'en'}>{SHOP_LEGAL_NAME}</span>
                  <br />
                  {t('common.footer.addressStreet')}
                  <br />
                  {t('common.footer.addressCity')}
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
                <span>{t('common.footer.hours')}</span>
              </p>
            </address>
          </section>
          <LinkList title={t('common.footer.information')} links={information} />
          <LinkList title={t('common.footer.account')} links={account} />
          <LinkList
            title={t('common.footer.quickLinks')}
            links={[{ label: t('common.footer.allProducts'), href: '/product' }, ...shopCategories.slice(1)]}
          />
        </div>
      </div>

      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <Link href="/" className="footer-brand" aria-label={t('common.header.homeLink')}>
            <BrandMark size={28} />
            <span aria-hidden="true">Bharat Bazaar</span>
          </Link>
          {/* The year in India on both sides, so a browser in another time zone draws the server's
              year. They may still differ for a page drawn just before midnight on 31 December and
              hydrated after it: the server's year then stays, rather than React drawing the whole
              page again over a mismatch. */}
          <p suppressHydrationWarning>{t('common.footer.copyright', { year: yearInIndia() })}</p>
        </div>
      </div>
    </footer>
  );
}

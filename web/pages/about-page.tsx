import { Link } from 'wouter';
import { shopCategories } from '../components/layout/nav-links';
import { HeadsetIcon, ShieldIcon, TagIcon, TruckIcon } from '../components/ui/icons';
import './about-page.css';
import './content-page.css';

const promises = [
  {
    icon: TruckIcon,
    title: 'Free shipping',
    text: 'Orders of ₹500 or more ship free to any serviceable PIN code in India; the delivery date is shown for yours.',
  },
  {
    icon: TagIcon,
    title: 'No-cost EMI',
    text: 'Spread bigger buys over easy instalments on eligible cards, at no extra cost. Pay by UPI, card or net banking.',
  },
  {
    icon: ShieldIcon,
    title: 'Free returns',
    text: 'Changed your mind? Return most products within 7 days of delivery and get your money back.',
  },
  {
    icon: HeadsetIcon,
    title: 'Real support',
    text: 'Questions before or after you buy: call or write to a person who knows the products.',
  },
];

export default function AboutPage() {
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">Our story</p>
        <h1>About us</h1>
        <p className="content-lead">
          Bharat Bazaar is an online shop from Bengaluru that brings honest prices on electronics, home
          appliances and fashion to homes across India.
        </p>
      </header>

      <div className="about-grid">
        <section className="content-card prose" aria-labelledby="about-who">
          <h2 id="about-who">Who we are</h2>
          <p>
            We are a small team of shoppers, engineers and support people who got tired of confusing offers
            and delivery promises that were never kept. So we built the shop we wanted to buy from: clear
            prices in rupees with GST included, genuine products from the brands themselves, and delivery you
            can plan around.
          </p>
          <p>
            Bharat Bazaar Retail Pvt. Ltd. works from Prestige Tech Park on Bengaluru’s Outer Ring Road and
            ships to every corner of the country.
          </p>
          <h2 id="about-what">What we sell</h2>
          <p>
            Televisions, laptops, mobiles and tablets, cameras, watches, home appliances, music and gaming
            gear, and a growing range of fashion. Every product page shows its price, colours, stock and what
            other customers think of it.
          </p>
          <ul className="about-categories" aria-labelledby="about-what">
            {shopCategories.slice(1).map((category) => (
              <li key={category.href}>
                <Link href={category.href} className="chip">
                  {category.label}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/product" className="chip">
                Everything
              </Link>
            </li>
          </ul>
        </section>

        <aside className="content-card about-contact" aria-labelledby="about-talk">
          <h2 id="about-talk">Talk to us</h2>
          <p>We are open Monday to Friday, 10 AM to 8 PM, and read every message.</p>
          <Link href="/contact" className="button button--primary">
            Contact us
          </Link>
          <Link href="/blogs" className="about-blog-link">
            Read our buying guides →
          </Link>
        </aside>
      </div>

      <section className="about-promises" aria-labelledby="about-promises-title">
        <h2 id="about-promises-title">Our promises</h2>
        <ul className="about-promise-list">
          {promises.map(({ icon: Icon, title, text }) => (
            <li key={title} className="about-promise">
              <span className="about-promise-icon">
                <Icon size={26} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

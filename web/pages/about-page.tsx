import { Link } from 'wouter';
import { categoryHref } from '../components/layout/nav-links';
import { HeadsetIcon, ShieldIcon, TagIcon, TruckIcon } from '../components/ui/icons';
import { type Translate, useT } from '../i18n/i18n';
import './about-page.css';
import './content-page.css';

const promises = (t: Translate) => [
  { icon: TruckIcon, title: t('about.promises.shipping.title'), text: t('about.promises.shipping.text') },
  { icon: TagIcon, title: t('about.promises.emi.title'), text: t('about.promises.emi.text') },
  { icon: ShieldIcon, title: t('about.promises.returns.title'), text: t('about.promises.returns.text') },
  { icon: HeadsetIcon, title: t('about.promises.support.title'), text: t('about.promises.support.text') },
];

/** What we sell, as the header's categories menu lists it (the API's category names in the links). */
const categories = (t: Translate) => [
  { label: t('about.categories.appliances'), href: categoryHref('Home Appliances') },
  { label: t('about.categories.laptops'), href: categoryHref('Laptops') },
  { label: t('about.categories.mobiles'), href: categoryHref('Mobiles and Tablets') },
  { label: t('about.categories.music'), href: categoryHref('Music and Gaming') },
  { label: t('about.categories.everything'), href: '/product' },
];

export default function AboutPage() {
  const t = useT();
  return (
    <div className="content-page container">
      <header className="content-hero">
        <p className="eyebrow">{t('about.eyebrow')}</p>
        <h1>{t('about.title')}</h1>
        <p className="content-lead">{t('about.lead')}</p>
      </header>

      <div className="about-grid">
        <section className="content-card prose" aria-labelledby="about-who">
          <h2 id="about-who">{t('about.who.title')}</h2>
          <p>{t('about.who.text')}</p>
          <p>{t('about.who.where')}</p>
          <h2 id="about-what">{t('about.what.title')}</h2>
          <p>{t('about.what.text')}</p>
          <ul className="about-categories" aria-labelledby="about-what">
            {categories(t).map((category) => (
              <li key={category.href}>
                <Link href={category.href} className="chip">
                  {category.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <aside className="content-card about-contact" aria-labelledby="about-talk">
          <h2 id="about-talk">{t('about.talk.title')}</h2>
          <p>{t('about.talk.hours')}</p>
          <Link href="/contact" className="button button--primary">
            {t('about.talk.contact')}
          </Link>
          <Link href="/blogs" className="about-blog-link">
            {t('about.talk.guides')}
          </Link>
        </aside>
      </div>

      <section className="about-promises" aria-labelledby="about-promises-title">
        <h2 id="about-promises-title">{t('about.promises.title')}</h2>
        <ul className="about-promise-list">
          {promises(t).map(({ icon: Icon, title, text }) => (
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

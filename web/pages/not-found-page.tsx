import { Link } from 'wouter';
import { useShopCategories } from '../components/layout/nav-links';
import { SearchIcon } from '../components/ui/icons';
import { useT } from '../i18n/i18n';

/**
 * The 404 page (the server answers it with status 404). Part of the main bundle: no chunk to wait
 * for, and its words are in `common`, which every page has.
 */
export default function NotFoundPage() {
  const t = useT();
  const shopCategories = useShopCategories();
  return (
    <div className="page-state container">
      <div className="page-state-card">
        <span className="page-state-icon">
          <SearchIcon size={32} />
        </span>
        <p className="eyebrow">{t('common.notFound.eyebrow')}</p>
        <h1>{t('common.notFound.title')}</h1>
        <p>{t('common.notFound.text')}</p>
        <div className="page-state-actions">
          <Link href="/" className="button button--primary">
            {t('common.notFound.home')}
          </Link>
          <Link href="/product" className="button button--ghost">
            {t('common.notFound.browse')}
          </Link>
        </div>
        <h2 className="page-state-subtitle">{t('common.notFound.categories')}</h2>
        <ul className="chip-list">
          {shopCategories.slice(1).map((category) => (
            <li key={category.href}>
              <Link href={category.href} className="chip">
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

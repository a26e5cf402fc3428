import { Link } from 'wouter';
import type { ResponseOf } from '../../shared/api/endpoint';
import type { listMyOrders } from '../../shared/api/orders';
import { useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { OrderCard } from '../features/orders/order-card';
import { useT } from '../i18n/i18n';
import './orders-page.css';

/** My orders: newest first; the route's load brings them (loading, retry). */
export default function OrdersPage() {
  const { orders } = useRouteData<ResponseOf<typeof listMyOrders>>();
  const t = useT();

  if (orders.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <CartIcon size={32} />
          </span>
          <h1>{t('orders.empty.title')}</h1>
          <p>{t('orders.empty.text')}</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              {t('orders.empty.shop')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="orders-page container">
      <header className="orders-head">
        <h1>{t('orders.list.title')}</h1>
        <p>{t('orders.list.count', { count: orders.length })}</p>
      </header>
      <div className="orders-list">
        {orders.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </div>
    </div>
  );
}

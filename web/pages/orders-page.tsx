import { Link } from 'wouter';
import type { ResponseOf } from '../../shared/api/endpoint';
import type { listMyOrders } from '../../shared/api/orders';
import { useRouteData } from '../app/route-context';
import { CartIcon } from '../components/ui/icons';
import { OrderCard } from '../features/orders/order-card';
import './orders-page.css';

/** My orders: newest first; the route's load brings them (loading, retry). */
export default function OrdersPage() {
  const { orders } = useRouteData<ResponseOf<typeof listMyOrders>>();

  if (orders.length === 0) {
    return (
      <div className="page-state container">
        <div className="page-state-card">
          <span className="page-state-icon">
            <CartIcon size={32} />
          </span>
          <h1>No Ordered Items</h1>
          <p>When you place an order, it will appear here with its status and delivery address.</p>
          <div className="page-state-actions">
            <Link href="/product" className="button button--primary">
              Start shopping
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="orders-page container">
      <header className="orders-head">
        <h1>My orders</h1>
        <p>
          {orders.length} {orders.length === 1 ? 'order' : 'orders'}, newest first
        </p>
      </header>
      <div className="orders-list">
        {orders.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </div>
    </div>
  );
}

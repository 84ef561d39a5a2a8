import { Navigate } from 'react-router';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';

/** /order without an id: the buyer's latest order, or My Purchases when there is none. */
export function LatestOrderPage() {
  return <LatestOrder />;
}

function LatestOrder() {
  const orders = useMyOrders();
  if (orders.isPending) return <Loader />;
  if (orders.error) return <ErrorAlert error={orders.error} />;
  const latest = orders.data[0];
  return <Navigate to={latest ? `/order/${latest._id}` : '/profile#my-purchases'} replace />;
}

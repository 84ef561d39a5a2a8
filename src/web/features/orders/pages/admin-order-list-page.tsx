import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { classifyOrderSearch } from '#shared/order-search.ts';
import type { OrderListQuery } from '#shared/schemas/order.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useOrders } from '../api/get-orders.ts';
import { OrderTable } from '../components/order-table.tsx';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /admin/orderlist (docs/product/screens.md): every order, for Admin and Distributor; filter by paid and
 * delivered, find by order number, buyer e-mail or phone (docs/decisions/0115-seller-and-operator-views.md).
 */
export function AdminOrderListPage() {
  return <AdminOrderList />;
}

type Flag = 'true' | 'false' | undefined;
const flag = (value: string | null): Flag => (value === 'true' || value === 'false' ? value : undefined);

function AdminOrderList() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query: OrderListQuery = {
    pageNumber: page,
    paid: flag(params.get('paid')),
    delivered: flag(params.get('delivered')),
    q: params.get('q') ?? undefined,
  };
  const orders = useOrders(query);
  const [draft, setDraft] = useState(query.q ?? '');
  const [draftError, setDraftError] = useState<string | null>(null);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const term = draft.trim();
    // The same reading of the term as the server's, so a typo is explained before any request.
    if (term && !classifyOrderSearch(term)) {
      setDraftError(t('orders.admin.searchHint'));
      return;
    }
    setDraftError(null);
    const next = new URLSearchParams(params);
    if (term) next.set('q', term);
    else next.delete('q');
    next.delete('page');
    setParams(next);
  };

  const setFilter = (name: 'paid' | 'delivered', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page'); // a new filter starts at page 1
    setParams(next);
  };
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };

  return (
    <>
      <PageHead title={t('orders.admin.headTitle')} />
      <h1 className="h3 mb-3">{t('orders.admin.heading')}</h1>
      <form role="search" className="mb-3" onSubmit={onSearch} noValidate>
        <Form.Label htmlFor="order-search" className="small mb-1">
          {t('orders.admin.find')}
        </Form.Label>
        <div className="d-flex gap-2" style={{ maxWidth: '32rem' }}>
          <Form.Control
            id="order-search"
            type="search"
            size="sm"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('orders.admin.placeholder')}
            isInvalid={draftError !== null}
            aria-describedby="order-search-help"
          />
          <button type="submit" className="btn btn-sm btn-outline-primary">
            {t('orders.admin.search')}
          </button>
        </div>
        <Form.Text id="order-search-help" className={draftError ? 'text-danger' : undefined}>
          {draftError ?? t('orders.admin.help')}
        </Form.Text>
      </form>
      <form
        className="row g-2 mb-3"
        aria-label={t('orders.admin.filter')}
        onSubmit={(e) => e.preventDefault()}
      >
        <FlagFilter
          name="paid"
          label={t('orders.admin.paid')}
          no={t('orders.admin.notPaid')}
          value={query.paid}
          onChange={(value) => setFilter('paid', value)}
        />
        <FlagFilter
          name="delivered"
          label={t('orders.admin.delivered')}
          no={t('orders.admin.notDelivered')}
          value={query.delivered}
          onChange={(value) => setFilter('delivered', value)}
        />
      </form>
      {orders.isPending ? (
        <Loader label={t('orders.admin.loading')} />
      ) : orders.error ? (
        <ErrorAlert error={orders.error} />
      ) : orders.data.orders.length === 0 ? (
        <Message>
          {query.q ? t('orders.admin.noMatchFor', { q: query.q }) : t('orders.admin.noMatch')}
        </Message>
      ) : (
        <>
          <OrderTable orders={orders.data.orders} busy={orders.isFetching} admin />
          <Pagination
            page={orders.data.page}
            pages={orders.data.pages}
            hrefFor={pageHref}
            label={t('orders.admin.pages')}
          />
        </>
      )}
    </>
  );
}

/** One yes / no / all filter of the order list; its label doubles as the "yes" option. */
function FlagFilter({
  name,
  label,
  no,
  value,
  onChange,
}: {
  name: 'paid' | 'delivered';
  label: string;
  no: string;
  value: Flag;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <div className="col-12 col-sm-auto">
      <Form.Label htmlFor={`filter-${name}`} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Select
        id={`filter-${name}`}
        size="sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('orders.admin.all')}</option>
        <option value="true">{label}</option>
        <option value="false">{no}</option>
      </Form.Select>
    </div>
  );
}

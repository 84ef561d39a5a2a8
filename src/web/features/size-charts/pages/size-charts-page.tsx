import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import type { SizeChartItem } from '#shared/schemas/size-chart.ts';
import type { SizeChartUnit } from '#shared/size-charts.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSizeCharts } from '../api/get-size-charts.ts';
import { useDeleteSizeChart } from '../api/save-size-chart.ts';
import { SizeChartTable } from '../components/size-chart-table.tsx';
import { PageHead } from '#web/components/page-head.tsx';

const usedBy = (n: number) =>
  n === 0 ? 'Not used by any product yet' : n === 1 ? 'Used by 1 product' : `Used by ${String(n)} products`;

/** Asks before deleting, saying which products lose the chart. */
function DeleteDialog({ chart, onClose }: { chart: SizeChartItem | null; onClose: (done?: string) => void }) {
  const remove = useDeleteSizeChart();
  const n = chart?.productCount ?? 0;
  return (
    <Modal show={!!chart} onHide={() => onClose()} centered aria-labelledby="delete-chart-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-chart-title" as="h2" className="h5">
          Delete “{chart?.name}”?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ErrorAlert error={remove.error} />
        {n === 0
          ? 'No product uses this chart.'
          : `${n === 1 ? '1 product uses' : `${String(n)} products use`} this chart. ${n === 1 ? 'It' : 'They'} will show no size chart until you pick another.`}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => onClose()} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          onClick={() => {
            if (!chart) return;
            remove.mutate(chart._id, {
              onSuccess: (answer) => {
                remove.reset();
                onClose(answer.message);
              },
            });
          }}
        >
          Delete Chart
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function ChartCard({ chart, onDelete }: { chart: SizeChartItem; onDelete: () => void }) {
  return (
    <li className="card shadow-sm border-0 mb-3">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div>
            <h2 className="h5 mb-1">{chart.name}</h2>
            <p className="small text-body-secondary mb-0">
              {chart.rows.length} {chart.rows.length === 1 ? 'size' : 'sizes'} · {chart.columns.join(', ')} ·{' '}
              {chart.unit} · {usedBy(chart.productCount)}
            </p>
          </div>
          <div className="d-flex gap-2">
            <Link
              to={`/seller/size-charts/${chart._id}/edit`}
              className="btn btn-sm btn-outline-primary"
              aria-label={`Edit ${chart.name}`}
            >
              Edit
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={onDelete}
              aria-label={`Delete ${chart.name}`}
            >
              Delete
            </button>
          </div>
        </div>
        <details className="mt-2">
          <summary className="small">Show the chart</summary>
          <div className="mt-2">
            <SizeChartTable chart={chart} unit={chart.unit as SizeChartUnit} />
          </div>
        </details>
      </div>
    </li>
  );
}

/** /seller/size-charts: the seller's size charts (docs/product/catalog.md#size-charts). */
export function SizeChartsPage() {
  const query = useSizeCharts();
  const [deleting, setDeleting] = useState<SizeChartItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section>
      <PageHead title="Size Charts · Haat" />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h3 mb-0">Size Charts</h1>
        <Link to="/seller/size-charts/new" className="btn btn-primary">
          + Create Chart
        </Link>
      </div>
      <p className="text-body-secondary">
        A size chart lists measurements for each size. Make one, then pick it on any of your products (Size
        chart, in the product form); shoppers open it from the product page.
      </p>
      {notice ? <Message variant="success">{notice}</Message> : null}
      <ErrorAlert error={query.error} />
      {query.isPending ? (
        <Loader />
      ) : query.data && query.data.length === 0 ? (
        <Message variant="info">
          You have no size charts yet. <Link to="/seller/size-charts/new">Create your first chart</Link>.
        </Message>
      ) : (
        <ul className="list-unstyled">
          {query.data?.map((chart) => (
            <ChartCard
              key={chart._id}
              chart={chart}
              onDelete={() => {
                setNotice(null);
                setDeleting(chart);
              }}
            />
          ))}
        </ul>
      )}
      <DeleteDialog
        chart={deleting}
        onClose={(done) => {
          setDeleting(null);
          if (done) setNotice(done);
        }}
      />
    </section>
  );
}

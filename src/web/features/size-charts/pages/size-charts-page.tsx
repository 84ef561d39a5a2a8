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
import { useT } from '#web/lib/i18n/i18n.tsx';

/** Asks before deleting, saying which products lose the chart. */
function DeleteDialog({ chart, onClose }: { chart: SizeChartItem | null; onClose: (done?: string) => void }) {
  const t = useT();
  const remove = useDeleteSizeChart();
  const n = chart?.productCount ?? 0;
  return (
    <Modal show={!!chart} onHide={() => onClose()} centered aria-labelledby="delete-chart-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-chart-title" as="h2" className="h5">
          {t('sizeCharts.list.deleteTitle', { name: chart?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ErrorAlert error={remove.error} />
        {t('sizeCharts.list.deleteBody', { count: n })}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => onClose()} disabled={remove.isPending}>
          {t('sizeCharts.list.cancel')}
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
          {t('sizeCharts.list.deleteChart')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function ChartCard({ chart, onDelete }: { chart: SizeChartItem; onDelete: () => void }) {
  const t = useT();
  return (
    <li className="card shadow-sm border-0 mb-3">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div>
            <h2 className="h5 mb-1">{chart.name}</h2>
            <p className="small text-body-secondary mb-0">
              {t('sizeCharts.list.sizes', { count: chart.rows.length })} · {chart.columns.join(', ')} ·{' '}
              {chart.unit} · {t('sizeCharts.list.usedBy', { count: chart.productCount })}
            </p>
          </div>
          <div className="d-flex gap-2">
            <Link
              to={`/seller/size-charts/${chart._id}/edit`}
              className="btn btn-sm btn-outline-primary"
              aria-label={t('sizeCharts.list.editNamed', { name: chart.name })}
            >
              {t('sizeCharts.list.edit')}
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={onDelete}
              aria-label={t('sizeCharts.list.deleteNamed', { name: chart.name })}
            >
              {t('sizeCharts.list.delete')}
            </button>
          </div>
        </div>
        <details className="mt-2">
          <summary className="small">{t('sizeCharts.list.show')}</summary>
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
  const t = useT();
  const query = useSizeCharts();
  const [deleting, setDeleting] = useState<SizeChartItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section>
      <PageHead title={t('sizeCharts.list.pageTitle')} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h3 mb-0">{t('sizeCharts.list.heading')}</h1>
        <Link to="/seller/size-charts/new" className="btn btn-primary">
          {t('sizeCharts.list.create')}
        </Link>
      </div>
      <p className="text-body-secondary">{t('sizeCharts.list.intro')}</p>
      {notice ? <Message variant="success">{notice}</Message> : null}
      <ErrorAlert error={query.error} />
      {query.isPending ? (
        <Loader />
      ) : query.data && query.data.length === 0 ? (
        <Message variant="info">
          {t.rich('sizeCharts.list.empty', {
            link: (chunks) => <Link to="/seller/size-charts/new">{chunks}</Link>,
          })}
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

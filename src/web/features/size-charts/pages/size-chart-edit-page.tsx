import { Link, useParams } from 'react-router';
import { SIZE_CHART_MSG } from '#shared/schemas/size-chart.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSizeCharts } from '../api/get-size-charts.ts';
import { SizeChartEditor } from '../components/size-chart-editor.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { Said } from '#web/components/said.tsx';

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <section>
      <PageHead title={t('sizeCharts.pageTitle', { title })} />
      <Link to="/seller/size-charts" className="btn btn-link px-0 mb-2">
        {t('sizeCharts.edit.back')}
      </Link>
      <h1 id="size-chart-heading" className="h3 mb-4">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** /seller/size-charts/new. */
export function SizeChartCreatePage() {
  const t = useT();
  return (
    <Page title={t('sizeCharts.edit.createTitle')}>
      <SizeChartEditor chart={null} />
    </Page>
  );
}

/** /seller/size-charts/:id/edit: one of the seller's charts (found in their list). */
export function SizeChartEditPage() {
  const t = useT();
  const { id } = useParams();
  const query = useSizeCharts();
  const chart = query.data?.find((c) => c._id === id);
  return (
    <Page title={t('sizeCharts.edit.editTitle')}>
      <ErrorAlert error={query.error} />
      {query.isPending ? (
        <Loader />
      ) : chart ? (
        <SizeChartEditor key={chart._id} chart={chart} />
      ) : query.data ? (
        <Message variant="danger">
          <Said text={SIZE_CHART_MSG.notFound} />
        </Message>
      ) : null}
    </Page>
  );
}

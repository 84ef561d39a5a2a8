import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { MAX_IMPORT_ROWS, templateCsv } from '#shared/product-csv.ts';
import type { ProductImport } from '#shared/schemas/product-import.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { invalidateProducts } from '#web/lib/query-keys.ts';
import { EXPORT_CSV_URL } from '../api/export-catalogue.ts';
import { isFinished, useImport } from '../api/get-import.ts';
import { useStartImport } from '../api/start-import.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { Said } from '#web/components/said.tsx';

/** The summary line of a finished import or dry run. */
function summary(i: ProductImport, t: Translate): string {
  const r = i.result;
  if (!r) return '';
  const dry = i.dryRun;
  const parts = [
    r.created > 0 && t('productImports.summary.created', { count: r.created }),
    r.updated > 0 &&
      (dry
        ? t('productImports.summary.toUpdate', { count: r.updated })
        : t('productImports.summary.updated', { count: r.updated })),
    r.unchanged > 0 && t('productImports.summary.unchanged', { count: r.unchanged }),
  ].filter(Boolean);
  const what = t('productImports.summary.what', {
    parts: parts.join(', ') || t('productImports.summary.nothing'),
    variants: dry
      ? t('productImports.summary.toWrite', { count: r.variants })
      : t('productImports.summary.written', { count: r.variants }),
  });
  return dry
    ? t('productImports.summary.checked', { rows: i.totalRows, what })
    : t('productImports.summary.imported', { what });
}

function RowErrors({ job }: { job: ProductImport }) {
  const t = useT();
  return (
    <>
      <Message variant="danger">
        {job.dryRun
          ? t('productImports.errors.foundDry', { count: job.errorCount })
          : t('productImports.errors.foundImport', { count: job.errorCount })}
        {job.errorCount > job.errors.length &&
          ` ${t('productImports.errors.firstListed', { n: job.errors.length })}`}
      </Message>
      <div className="table-responsive">
        <Table striped bordered size="sm" aria-label={t('productImports.errors.table')}>
          <thead>
            <tr>
              <th scope="col">{t('productImports.errors.row')}</th>
              <th scope="col">{t('productImports.errors.column')}</th>
              <th scope="col">{t('productImports.errors.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {job.errors.map((e, i) => (
              <tr key={`${e.row}-${e.field}-${i}`}>
                <td>{e.row === 0 ? t('productImports.errors.file') : e.row}</td>
                <td>{e.field || '—'}</td>
                <td>
                  <Said text={e.message} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

function Progress({ job }: { job: ProductImport | undefined }) {
  const t = useT();
  const total = job?.totalRows ?? 0;
  const done = job?.processedRows ?? 0;
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  const label = job?.dryRun ? t('productImports.progress.checking') : t('productImports.progress.importing');
  return (
    <div className="mb-3">
      <p className="mb-1" aria-live="polite">
        {job?.status === 'queued' || !job
          ? t('productImports.progress.waiting')
          : t('productImports.progress.count', { label, done, total })}
      </p>
      <ProgressBar
        now={pct}
        label={t('productImports.progress.percent', { pct: String(pct) })}

        animated
        aria-label={t('productImports.progress.aria', { label })}
      />
    </div>
  );
}

/** /seller/bulk-upload: check and import a CSV of products (docs/product/bulk-listing.md). */
export function BulkUploadPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [checkedOk, setCheckedOk] = useState(false);
  const start = useStartImport();
  const { data: job, error: pollError } = useImport(jobId);
  const running = start.isPending || (jobId !== null && !isFinished(job));

  const templateUrl = useMemo(() => URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv' })), []);
  useEffect(() => () => URL.revokeObjectURL(templateUrl), [templateUrl]);

  useEffect(() => {
    if (!job || !isFinished(job)) return;
    if (job.dryRun) setCheckedOk(job.status === 'done');
    else if (job.status === 'done') void invalidateProducts(queryClient);
  }, [job, queryClient]);

  const choose = (set: (f: File | null) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.target.files?.[0] ?? null);
    // Other files need their own check.
    setCheckedOk(false);
    setJobId(null);
    start.reset();
  };

  const run = (dryRun: boolean) => {
    if (!csv) return;
    setJobId(null);
    start.mutate({ csv, zip, dryRun }, { onSuccess: (started) => setJobId(started._id) });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run(true);
  };

  const imported = job && !job.dryRun && job.status === 'done';

  return (
    <section className="col-lg-9">
      <PageHead title={t('productImports.pageTitle')} />
      <p className="mb-2">
        <Link to="/seller/productlist">{t('productImports.back')}</Link>
      </p>
      <h1 className="h3">{t('productImports.heading')}</h1>
      <p>
        {t.rich('productImports.intro', {
          code: (chunks) => <code>{chunks}</code>,
          max: MAX_IMPORT_ROWS,
        })}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <a
          className="btn btn-outline-secondary btn-sm"
          href={templateUrl}
          download="haat-products-template.csv"
        >
          {t('productImports.downloadTemplate')}
        </a>
        <a className="btn btn-outline-secondary btn-sm" href={EXPORT_CSV_URL} download>
          {t('productImports.downloadCatalogue')}
        </a>
      </div>

      <Form onSubmit={onSubmit} className="mb-4">
        <Form.Group className="mb-3" controlId="bulk-csv">
          <Form.Label>{t('productImports.csvFile')}</Form.Label>
          <Form.Control type="file" accept=".csv,text/csv" onChange={choose(setCsv)} disabled={running} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="bulk-zip">
          <Form.Label>{t('productImports.zipFile')}</Form.Label>
          <Form.Control
            type="file"
            accept=".zip,application/zip"
            onChange={choose(setZip)}
            disabled={running}
          />
          <Form.Text>{t('productImports.zipHelp')}</Form.Text>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button
            type="submit"
            variant={checkedOk ? 'outline-primary' : 'primary'}
            disabled={!csv || running}
          >
            {t('productImports.check')}
          </Button>
          <Button
            type="button"
            variant="success"
            disabled={!csv || !checkedOk || running || !!imported}
            onClick={() => run(false)}
          >
            {t('productImports.import')}
          </Button>
        </div>
        {!checkedOk && csv && !running && !job && (
          <Form.Text className="d-block mt-2">{t('productImports.checkFirst')}</Form.Text>
        )}
      </Form>

      <ErrorAlert error={start.error ?? pollError} />
      {running && <Progress job={job} />}
      {job?.status === 'failed' && <RowErrors job={job} />}
      {job?.status === 'done' && (
        <Message variant="success">
          {summary(job, t)}{' '}
          {!job.dryRun && <Link to="/seller/productlist">{t('productImports.seeProducts')}</Link>}
        </Message>
      )}
    </section>
  );
}

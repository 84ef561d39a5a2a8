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

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The summary line of a finished import or dry run. */
function summary(i: ProductImport): string {
  const r = i.result;
  if (!r) return '';
  const parts = [
    r.created > 0 && plural(r.created, 'new product'),
    r.updated > 0 && `${plural(r.updated, 'product')} to update`,
    r.unchanged > 0 && `${plural(r.unchanged, 'product')} unchanged`,
  ].filter(Boolean);
  const what = `${parts.join(', ') || 'nothing to change'}; ${plural(r.variants, 'variant')} to write`;
  return i.dryRun
    ? `No problems in ${plural(i.totalRows, 'row')}: ${what}. Nothing is written until you press Import.`
    : `Imported: ${what.replace(/ to update/, ' updated').replace(/ to write$/, ' written')}.`;
}

function RowErrors({ job }: { job: ProductImport }) {
  return (
    <>
      <Message variant="danger">
        {job.errorCount === 1 ? 'One problem was' : `${job.errorCount.toLocaleString('en-IN')} problems were`}{' '}
        found{job.dryRun ? '' : ', so nothing was imported'}. Fix {job.errorCount === 1 ? 'it' : 'them'} in
        your file and check it again.
        {job.errorCount > job.errors.length && ` The first ${job.errors.length} are listed.`}
      </Message>
      <div className="table-responsive">
        <Table striped bordered size="sm" aria-label="Problems in the file">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {job.errors.map((e, i) => (
              <tr key={`${e.row}-${e.field}-${i}`}>
                <td>{e.row === 0 ? 'File' : e.row}</td>
                <td>{e.field || '—'}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

function Progress({ job }: { job: ProductImport | undefined }) {
  const total = job?.totalRows ?? 0;
  const done = job?.processedRows ?? 0;
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  const label = job?.dryRun ? 'Checking the file' : 'Importing';
  return (
    <div className="mb-3">
      <p className="mb-1" aria-live="polite">
        {job?.status === 'queued' || !job
          ? 'Waiting to start…'
          : `${label}: ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows`}
      </p>
      <ProgressBar now={pct} label={`${pct}%`} animated aria-label={`${label} progress`} />
    </div>
  );
}

/** /seller/bulk-upload: check and import a CSV of products (docs/product/bulk-listing.md). */
export function BulkUploadPage() {
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
      <PageHead title="Bulk upload · Haat" />
      <p className="mb-2">
        <Link to="/seller/productlist">← My Products</Link>
      </p>
      <h1 className="h3">Bulk upload</h1>
      <p>
        Create or update many products from a spreadsheet saved as CSV: one row per size and colour. Rows with
        the same <code>product_ref</code> are one product; use a product&apos;s id (as in your catalogue
        download) to update it. Images are links to images you already uploaded, or file names of images in a
        ZIP file you add below. At most {MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows a file.
      </p>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <a
          className="btn btn-outline-secondary btn-sm"
          href={templateUrl}
          download="haat-products-template.csv"
        >
          Download template (CSV)
        </a>
        <a className="btn btn-outline-secondary btn-sm" href={EXPORT_CSV_URL} download>
          Download my catalogue (CSV)
        </a>
      </div>

      <Form onSubmit={onSubmit} className="mb-4">
        <Form.Group className="mb-3" controlId="bulk-csv">
          <Form.Label>CSV file</Form.Label>
          <Form.Control type="file" accept=".csv,text/csv" onChange={choose(setCsv)} disabled={running} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="bulk-zip">
          <Form.Label>Images (ZIP file, optional)</Form.Label>
          <Form.Control
            type="file"
            accept=".zip,application/zip"
            onChange={choose(setZip)}
            disabled={running}
          />
          <Form.Text>JPEG, PNG, WebP or GIF, at most 5 MB each; name them in the images column.</Form.Text>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button
            type="submit"
            variant={checkedOk ? 'outline-primary' : 'primary'}
            disabled={!csv || running}
          >
            Check file
          </Button>
          <Button
            type="button"
            variant="success"
            disabled={!csv || !checkedOk || running || !!imported}
            onClick={() => run(false)}
          >
            Import
          </Button>
        </div>
        {!checkedOk && csv && !running && !job && (
          <Form.Text className="d-block mt-2">
            Check the file first: nothing is written until you import.
          </Form.Text>
        )}
      </Form>

      <ErrorAlert error={start.error ?? pollError} />
      {running && <Progress job={job} />}
      {job?.status === 'failed' && <RowErrors job={job} />}
      {job?.status === 'done' && (
        <Message variant="success">
          {summary(job)} {!job.dryRun && <Link to="/seller/productlist">See my products</Link>}
        </Message>
      )}
    </section>
  );
}

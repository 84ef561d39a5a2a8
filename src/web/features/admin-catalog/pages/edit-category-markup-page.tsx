import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { markupBody, type CategoryMarkup } from '#shared/schemas/category.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useMarkup } from '../api/get-markup.ts';
import { useUpdateMarkup } from '../api/update-markup.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

function MarkupForm({ markup }: { markup: CategoryMarkup }) {
  const t = useT();
  const navigate = useNavigate();
  const update = useUpdateMarkup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(markupBody),
    defaultValues: { percentageMarkup: markup.percentageMarkup },
  });

  const onSubmit = handleSubmit((body) =>
    update.mutate(
      { id: markup._id, body },
      {
        onSuccess: () => void navigate('/admin/categories-markup'),
        onError: (error) => applyFieldErrors(error, setError, ['percentageMarkup']),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="markup-heading">
      <ErrorAlert error={update.error} />
      <TextField label={t('adminCatalog.editMarkup.category')} value={markup.uniqueCategoryName} readOnly />
      <TextField
        label={t('adminCatalog.editMarkup.percentage')}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="0.01"
        {...register('percentageMarkup', { valueAsNumber: true })}
        help={t('adminCatalog.editMarkup.help')}
        error={errors.percentageMarkup?.message}
      />
      <div className="d-flex gap-2">
        <SubmitButton pending={update.isPending} pendingLabel={t('adminCatalog.editMarkup.saving')}>
          {t('adminCatalog.editMarkup.update')}
        </SubmitButton>
        <Link to="/admin/categories-markup" className="btn btn-outline-secondary">
          {t('adminCatalog.editMarkup.cancel')}
        </Link>
      </div>
    </form>
  );
}

function EditMarkup({ id }: { id: string }) {
  const t = useT();
  const markup = useMarkup(id);
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <PageHead title={t('adminCatalog.editMarkup.pageTitle')} />
        <Link to="/admin/categories-markup" className="btn btn-link px-0 mb-2">
          {t('adminCatalog.editMarkup.back')}
        </Link>
        <h1 id="markup-heading" className="h3 mb-4">
          {t('adminCatalog.editMarkup.heading')}
        </h1>

        <div className="card shadow-sm border-0 haat-form-card">
          <div className="card-body p-3 p-sm-4">
            {markup.isPending ? (
              <Loader />
            ) : markup.error ? (
              <ErrorAlert error={markup.error} />
            ) : (
              <MarkupForm markup={markup.data} />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** /admin/category-markup/:id/edit (docs/product/screens.md) — Admin only. */
export function EditCategoryMarkupPage() {
  const { id = '' } = useParams();
  return <EditMarkup id={id} />;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { reviewHideBody, type ReviewHideBody, type ReviewItem } from '#shared/schemas/review.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useHideReview } from '../api/hide-review.ts';

/**
 * Admin's control on one review: "Hide…" asks for the reason (required, as the server checks), "Show
 * again" brings a hidden review back. Both change the product's rating.
 */
export function HideControl({ productId, review }: { productId: string; review: ReviewItem }) {
  const t = useT();
  const hide = useHideReview(productId);
  const [asking, setAsking] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewHideBody>({ resolver: zodResolver(reviewHideBody), defaultValues: { reason: '' } });

  if (review.hidden) {
    return (
      <div className="mt-2">
        <ErrorAlert error={hide.error} />
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={hide.isPending}
          onClick={() => hide.mutate({ reviewId: review._id, reason: null })}
        >
          {t('reviews.hide.showAgain')}
        </button>
      </div>
    );
  }
  if (!asking) {
    return (
      <button type="button" className="btn btn-sm btn-outline-danger mt-2" onClick={() => setAsking(true)}>
        {t('reviews.hide.hide')}
      </button>
    );
  }
  return (
    <form
      className="mt-2 p-2 border rounded bg-body-tertiary"
      aria-label={t('reviews.hide.formLabel', { name: review.name })}
      noValidate
      onSubmit={handleSubmit((values) =>
        hide.mutate(
          { reviewId: review._id, reason: values.reason },
          {
            onSuccess: () => {
              reset();
              setAsking(false);
            },
          },
        ),
      )}
    >
      <ErrorAlert error={hide.error} />
      <TextField
        label={t('reviews.hide.reason')}
        maxLength={500}
        {...register('reason')}
        error={errors.reason?.message}
        className="mb-2"
        autoFocus
      />
      <div className="d-flex gap-2">
        <SubmitButton
          pending={hide.isPending}
          pendingLabel={t('reviews.hide.hiding')}
          className="btn-sm btn-danger"
        >
          {t('reviews.hide.submit')}
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-link" onClick={() => setAsking(false)}>
          {t('reviews.hide.cancel')}
        </button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { reviewBody, type ReviewBody } from '#shared/schemas/product.ts';
import type { ReviewItem } from '#shared/schemas/review.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton } from '#web/components/form-field.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useCreateReview } from '../api/create-review.ts';
import { useDeleteReview, useEditReview } from '../api/edit-review.ts';
import { PhotoPicker, type PickedPhoto } from './photo-picker.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** The form's fields: rating, comment (the server's schema) and photos. */
function ReviewFields({
  form,
  kept,
  setKept,
  picked,
  setPicked,
  blankRating = false,
}: {
  form: ReturnType<typeof useForm<ReviewBody>>;
  kept: string[];
  setKept: (urls: string[]) => void;
  picked: PickedPhoto[];
  setPicked: (photos: PickedPhoto[]) => void;
  /** A new review starts on "Select…" (otherwise the browser would pick the first rating). */
  blankRating?: boolean;
}) {
  const t = useT();
  // docs/product/messages.md: 1 Poor … 5 Excellent.
  const ratingLabels = [
    t('reviews.form.poor'),
    t('reviews.form.fair'),
    t('reviews.form.good'),
    t('reviews.form.veryGood'),
    t('reviews.form.excellent'),
  ];
  const commentId = useUniqueId();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <SelectField
        label={t('reviews.form.rating')}
        {...register('rating', { valueAsNumber: true })}
        error={errors.rating?.message}
        {...(blankRating ? { defaultValue: '' } : {})}
      >
        <option value="" disabled>
          {t('reviews.form.select')}
        </option>
        {ratingLabels.map((label, i) => (
          <option key={label} value={i + 1}>
            {t('reviews.form.ratingOption', { n: String(i + 1), label })}
          </option>
        ))}
      </SelectField>
      <Form.Group className="mb-3" controlId={commentId}>
        <Form.Label>{t('reviews.form.comment')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={2000}
          {...register('comment')}
          isInvalid={!!errors.comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${commentId}-error` : undefined}
        />
        {errors.comment ? (
          <Form.Control.Feedback type="invalid" id={`${commentId}-error`}>
            {errors.comment.message}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
      <PhotoPicker kept={kept} onKeptChange={setKept} picked={picked} onPickedChange={setPicked} />
    </>
  );
}

/** Previews are `blob:` URLs: give them back when the form goes away. */
function useRevokeOnUnmount(picked: PickedPhoto[]) {
  const latest = useRef(picked);
  latest.current = picked;
  useEffect(
    () => () => {
      for (const p of latest.current) URL.revokeObjectURL(p.preview);
    },
    [],
  );
}

/**
 * 'Write a Customer Review' (docs/product/screens.md): rating, comment and up to 4 photos, checked with
 * the server's schema. Server errors ('Product already reviewed') show in a red alert. Once posted the
 * section shows the buyer's review with "Edit your review" instead.
 */
export function ReviewForm({ productId, onPosted }: { productId: string; onPosted: () => void }) {
  const t = useT();
  const create = useCreateReview(productId);
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBody),
    defaultValues: { comment: '' },
  });
  const [picked, setPicked] = useState<PickedPhoto[]>([]);
  useRevokeOnUnmount(picked);

  // mutateAsync, not mutate's callbacks: the refetch that follows success replaces this form with the
  // buyer's review, and callbacks of an unmounted mutate never run.
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, photos: picked.map((p) => p.file) }).then(onPosted, () => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('reviews.form.writeLabel')}>
      <ErrorAlert error={create.error} />
      <ReviewFields
        form={form}
        kept={[]}
        setKept={() => undefined}
        picked={picked}
        setPicked={setPicked}
        blankRating
      />
      <SubmitButton pending={create.isPending} pendingLabel={t('reviews.form.submitting')}>
        {t('reviews.form.submit')}
      </SubmitButton>
    </form>
  );
}

/**
 * The author's edit of their review: rating, comment, photos kept or removed, new photos; and deleting
 * it (asked twice). A hidden review stays hidden after an edit.
 */
export function EditReviewForm({
  productId,
  review,
  onDone,
}: {
  productId: string;
  review: ReviewItem;
  onDone: (message: string | null) => void;
}) {
  const t = useT();
  const edit = useEditReview(productId, review._id);
  const remove = useDeleteReview(productId);
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBody),
    defaultValues: { rating: review.rating, comment: review.comment },
  });
  const [kept, setKept] = useState<string[]>(review.images);
  const [picked, setPicked] = useState<PickedPhoto[]>([]);
  const [confirming, setConfirming] = useState(false);
  useRevokeOnUnmount(picked);

  const onSubmit = form.handleSubmit((values) =>
    edit.mutateAsync({ ...values, images: kept, photos: picked.map((p) => p.file) }).then(
      () => onDone(t('reviews.form.updated')),
      () => undefined,
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('reviews.form.editLabel')}>
      <ErrorAlert error={edit.error ?? remove.error} />
      <ReviewFields form={form} kept={kept} setKept={setKept} picked={picked} setPicked={setPicked} />
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SubmitButton pending={edit.isPending} pendingLabel={t('reviews.form.saving')}>
          {t('reviews.form.save')}
        </SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(null)}>
          {t('reviews.form.cancel')}
        </button>
        {confirming ? (
          <span
            className="d-inline-flex gap-2 align-items-center ms-auto"
            role="group"
            aria-label={t('reviews.form.delete')}
          >
            <span className="small">{t('reviews.form.confirmDelete')}</span>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(review._id).then(
                  () => onDone(t('reviews.form.deleted')),
                  () => undefined,
                )
              }
            >
              {t('reviews.form.yesDelete')}
            </button>
            <button type="button" className="btn btn-link btn-sm" onClick={() => setConfirming(false)}>
              {t('reviews.form.keep')}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-link text-danger ms-auto"
            onClick={() => setConfirming(true)}
          >
            {t('reviews.form.deleteReview')}
          </button>
        )}
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { REVIEW_MSG, reviewBody, type ReviewBody } from '#shared/schemas/product.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSession } from '#web/lib/session.ts';
import { useCreateReview } from '../api/create-review.ts';

/** docs/product/messages.md: 1 Poor … 5 Excellent. */
export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

/**
 * 'Write a Customer Review' (docs/product/screens.md): rating and comment for a signed-in visitor, checked with the
 * server's schema; guests get a sign-in link that brings them back. Server errors ('Product already
 * reviewed') show in a red alert.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const { user, isPending } = useSession();
  if (isPending) return <Loader inline label="Checking your session…" />;
  if (!user) {
    return (
      <Message variant="info">
        Please <Link to={`/login?redirect=product/${productId}`}>sign in</Link> to write a review.
      </Message>
    );
  }
  return <SignedInReviewForm productId={productId} />;
}

function SignedInReviewForm({ productId }: { productId: string }) {
  const create = useCreateReview(productId);
  const commentId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewBody>({ resolver: zodResolver(reviewBody), defaultValues: { comment: '' } });

  const onSubmit = handleSubmit((values) => create.mutate(values));

  // One review per person (docs/product/catalog.md): once it is in, the form has done its job.
  if (create.isSuccess) {
    return <Message variant="success">{REVIEW_MSG.added}. Thank you for your review!</Message>;
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Write a customer review">
      <ErrorAlert error={create.error} />
      <SelectField
        label="Rating"
        {...register('rating', { valueAsNumber: true })}
        error={errors.rating?.message}
        defaultValue=""
      >
        <option value="" disabled>
          Select…
        </option>
        {RATING_LABELS.map((label, i) => (
          <option key={label} value={i + 1}>
            {i + 1} - {label}
          </option>
        ))}
      </SelectField>
      <Form.Group className="mb-3" controlId={commentId}>
        <Form.Label>Comment</Form.Label>
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
      <SubmitButton pending={create.isPending} pendingLabel="Submitting…">
        Submit
      </SubmitButton>
    </form>
  );
}

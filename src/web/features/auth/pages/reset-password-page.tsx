import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { resetPasswordForm, type ResetPasswordForm } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { resetPasswordError, useResetPassword } from '../api/password-reset.ts';
import { PageHead } from '#web/components/page-head.tsx';

/** /reset-password/:token (docs/product/screens.md): choose a new password with the link from the e-mail. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useResetPassword(token);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => reset.mutate(values));

  return (
    <FormContainer>
      <PageHead title="Reset Password · Haat" />
      <h1 className="h3 mb-3">Choose a new password</h1>
      {reset.isError ? (
        <Message variant="danger">
          {resetPasswordError(reset.error)}{' '}
          <Link to="/forgot-password" className="alert-link">
            Ask for a new link
          </Link>
        </Message>
      ) : null}
      {reset.isSuccess ? (
        <>
          <Message variant="success">{reset.data.message}</Message>
          <Link to="/login" className="btn btn-primary">
            Sign In
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="text-body-secondary">You will be signed out on every device.</p>
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            {...register('password')}
            help="At least 8 characters"
            error={errors.password?.message}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton pending={reset.isPending} pendingLabel="Saving…">
            Reset Password
          </SubmitButton>
        </form>
      )}
    </FormContainer>
  );
}

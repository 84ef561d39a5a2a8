import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { resetPasswordForm, type ResetPasswordForm } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { resetPasswordError, useResetPassword } from '../api/password-reset.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** /reset-password/:token (docs/product/screens.md): choose a new password with the link from the e-mail. */
export function ResetPasswordPage() {
  const t = useT();
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
      <PageHead title={t('auth.reset.pageTitle')} />
      <h1 className="h3 mb-3">{t('auth.reset.heading')}</h1>
      {reset.isError ? (
        <Message variant="danger">
          {resetPasswordError(reset.error, t)}{' '}
          <Link to="/forgot-password" className="alert-link">
            {t('auth.reset.askNewLink')}
          </Link>
        </Message>
      ) : null}
      {reset.isSuccess ? (
        <>
          <Message variant="success">{reset.data.message}</Message>
          <Link to="/login" className="btn btn-primary">
            {t('auth.signIn')}
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="text-body-secondary">{t('auth.reset.signedOutEverywhere')}</p>
          <TextField
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            {...register('password')}
            help={t('auth.passwordHelp')}
            error={errors.password?.message}
          />
          <TextField
            label={t('auth.confirmNewPassword')}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton pending={reset.isPending} pendingLabel={t('auth.saving')}>
            {t('auth.reset.submit')}
          </SubmitButton>
        </form>
      )}
    </FormContainer>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordBody, type ForgotPasswordBody } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { forgotPasswordError, useForgotPassword } from '../api/password-reset.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** /forgot-password (docs/product/screens.md): ask for a reset link. The answer is the same for every address. */
export function ForgotPasswordPage() {
  const t = useT();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => forgot.mutate(values));

  return (
    <FormContainer>
      <PageHead title={t('auth.forgot.pageTitle')} />
      <h1 className="h3 mb-2">{t('auth.forgot.heading')}</h1>
      <p className="text-body-secondary">{t('auth.forgot.intro')}</p>
      {forgot.isError ? <Message variant="danger">{forgotPasswordError(forgot.error, t)}</Message> : null}
      {forgot.isSuccess ? <Message variant="success">{forgot.data.message}</Message> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.emailAddress')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...register('email')}
          error={errors.email?.message}
        />
        <SubmitButton pending={forgot.isPending} pendingLabel={t('auth.forgot.sending')}>
          {t('auth.forgot.submit')}
        </SubmitButton>
      </form>
      <hr />
      <p className="mb-0">
        {t.rich('auth.forgot.remembered', { link: (chunks) => <Link to="/login">{chunks}</Link> })}
      </p>
    </FormContainer>
  );
}

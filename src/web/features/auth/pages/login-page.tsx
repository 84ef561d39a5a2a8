import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { loginBody, type LoginBody } from '#shared/schemas/user.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { landingAfterSignIn, safeRedirect } from '#web/lib/redirect.ts';
import { actorOf, useSession } from '#web/lib/session.ts';
import { useLogin } from '../api/login.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

export function LoginPage() {
  const t = useT();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), window.location.origin);
  const { user, isPending } = useSession();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  // Signed in already, or just now: go where the person was heading (a seller under review: the review
  // screen).
  if (user) return <Navigate to={landingAfterSignIn(actorOf(user), redirect)} replace />;
  if (isPending) return <Loader />;

  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <FormContainer>
      <PageHead title={t('auth.login.pageTitle')} />
      <h1 className="h3 mb-4">{t('auth.login.heading')}</h1>
      <ErrorAlert error={login.error} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.emailAddress')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <SubmitButton pending={login.isPending} pendingLabel={t('auth.login.signingIn')}>
            {t('auth.login.submit')}
          </SubmitButton>
          <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        </div>
      </form>
      <hr />
      <p className="mb-0">
        {t.rich('auth.login.newCustomer', {
          link: (chunks) => <Link to="/registration_choice">{chunks}</Link>,
        })}
      </p>
    </FormContainer>
  );
}

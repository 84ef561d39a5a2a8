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

export function LoginPage() {
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
      <PageHead title="Sign In · Haat" />
      <h1 className="h3 mb-4">Sign In</h1>
      <ErrorAlert error={login.error} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <SubmitButton pending={login.isPending} pendingLabel="Signing in…">
            Sign In
          </SubmitButton>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
      </form>
      <hr />
      <p className="mb-0">
        New customer? <Link to="/registration_choice">Register</Link>
      </p>
    </FormContainer>
  );
}

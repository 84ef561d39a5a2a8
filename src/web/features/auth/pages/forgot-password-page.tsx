import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordBody, type ForgotPasswordBody } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { forgotPasswordError, useForgotPassword } from '../api/password-reset.ts';
import { PageHead } from '#web/components/page-head.tsx';

/** /forgot-password (docs/product/screens.md): ask for a reset link. The answer is the same for every address. */
export function ForgotPasswordPage() {
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
      <PageHead title="Forgot Password · Haat" />
      <h1 className="h3 mb-2">Forgot your password?</h1>
      <p className="text-body-secondary">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      {forgot.isError ? <Message variant="danger">{forgotPasswordError(forgot.error)}</Message> : null}
      {forgot.isSuccess ? <Message variant="success">{forgot.data.message}</Message> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
          error={errors.email?.message}
        />
        <SubmitButton pending={forgot.isPending} pendingLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <hr />
      <p className="mb-0">
        Remembered it? <Link to="/login">Sign In</Link>
      </p>
    </FormContainer>
  );
}

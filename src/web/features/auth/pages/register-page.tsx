import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { registerForm, type RegisterForm } from '#shared/schemas/user.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { ContactFields, PasswordFields } from '#web/components/account-fields.tsx';
import { INDIA_DIALLING_CODE } from '#shared/phone.ts';
import { SubmitButton } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { PlaceFields } from '#web/features/places/index.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { safeRedirect } from '#web/lib/redirect.ts';
import { useSession } from '#web/lib/session.ts';
import { useRegister } from '../api/register.ts';
import { PageHead } from '#web/components/page-head.tsx';

const defaultValues: RegisterForm = {
  name: '',
  phone: '',
  address: '',
  email: '',
  country: 'India',
  state: '',
  city: '',
  currency: 'INR',
  password: '',
  confirmPassword: '',
};

/** Buyer registration (docs/product/screens.md, docs/product/messages.md). Sellers sign up at /register_seller. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), window.location.origin);
  const { user, isPending } = useSession();
  const registration = useRegister();
  const form = useForm({ resolver: zodResolver(registerForm), defaultValues });
  const { handleSubmit, setError } = form;

  if (user) return <Navigate to={redirect} replace />;
  if (isPending) return <Loader />;

  const onSubmit = handleSubmit((values) =>
    registration.mutate(values, {
      onError: (error) => applyFieldErrors(error, setError, Object.keys(defaultValues)),
    }),
  );

  return (
    <FormContainer wide>
      <PageHead title="Register · Haat" />
      <h1 className="h3 mb-1">Create a buyer account</h1>
      <p className="text-body-secondary mb-4">
        Selling on Haat? <Link to="/registration_choice">Choose a seller account</Link> instead.
      </p>
      <ErrorAlert error={registration.error} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <ContactFields
            phoneHelp="Your 10-digit mobile number"
            phoneMaxLength={10}
            phonePrefix={INDIA_DIALLING_CODE}
            addressLabel="Home Address"
          />
          <PlaceFields withCurrency />
          <PasswordFields passwordHelp="At least 8 characters" />
          <SubmitButton
            pending={registration.isPending}
            pendingLabel="Creating your account…"
            className="mt-2"
          >
            Register
          </SubmitButton>
        </form>
      </FormProvider>
      <hr />
      <p className="mb-0">
        Already have an account? <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>Sign In</Link>
      </p>
    </FormContainer>
  );
}

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
import { useT } from '#web/lib/i18n/i18n.tsx';

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
  const t = useT();
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
      <PageHead title={t('auth.register.pageTitle')} />
      <h1 className="h3 mb-1">{t('auth.register.heading')}</h1>
      <p className="text-body-secondary mb-4">
        {t.rich('auth.register.sellingOnHaat', {
          link: (chunks) => <Link to="/registration_choice">{chunks}</Link>,
        })}
      </p>
      <ErrorAlert error={registration.error} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <ContactFields
            phoneHelp={t('auth.phoneHelpIndia')}
            phoneMaxLength={10}
            phonePrefix={INDIA_DIALLING_CODE}
            addressLabel={t('auth.register.homeAddress')}
          />
          <PlaceFields withCurrency />
          <PasswordFields passwordHelp={t('auth.passwordHelp')} />
          <SubmitButton
            pending={registration.isPending}
            pendingLabel={t('auth.register.creating')}
            className="mt-2"
          >
            {t('auth.register.submit')}
          </SubmitButton>
        </form>
      </FormProvider>
      <hr />
      <p className="mb-0">
        {t.rich('auth.alreadyHaveAccount', {
          link: (chunks) => <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>{chunks}</Link>,
        })}
      </p>
    </FormContainer>
  );
}

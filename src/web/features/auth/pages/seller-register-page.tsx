import { ContactFields, PasswordFields } from '#web/components/account-fields.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  documentFilesError,
  IDENTITY_PROOF_FORMATS,
  IDENTITY_PROOF_TYPES,
  isIdentityProofType,
  isPendingSeller,
  KYC_LIMITS,
  SELLER_MSG,
} from '#shared/accounts.ts';
import {
  missingSellerFields,
  sellerRegisterForm,
  sellerTypeOf,
  type SellerRegisterForm as SellerRegisterValues,
  type SellerType,
} from '#shared/schemas/seller.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SelectField, SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { PlaceFields } from '#web/features/places/index.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { SELLER_REVIEW_TIME } from '#shared/seller-onboarding.ts';
import { INDIA_DIALLING_CODE } from '#shared/phone.ts';
import { shopPath } from '#web/lib/format.ts';
import { safeRedirect } from '#web/lib/redirect.ts';
import { useSession } from '#web/lib/session.ts';
import { useRegisterSeller } from '../api/seller-registration.ts';
import { PageHead } from '#web/components/page-head.tsx';

const defaults = (type: SellerType): SellerRegisterValues => ({
  type,
  name: '',
  shopName: '',
  phone: '',
  email: '',
  address: '',
  country: 'India',
  state: '',
  city: '',
  currency: 'INR',
  buisnessRegistrationCode: '',
  bank_account: '',
  identifyProof: '',
  identifyProofNumber: '',
  password: '',
  confirmPassword: '',
});

const COPY: Record<SellerType, { title: string; code: string; codeHelp: string }> = {
  company: {
    title: 'Register as a company seller',
    code: 'GSTIN',
    codeHelp: "Your company's GST identification number, up to 15 characters",
  },
  individual: {
    title: 'Register as an individual seller',
    code: 'UIN (optional)',
    codeHelp:
      'Up to 15 characters. Sellers who give a registration number are registered as a company (Seller-Company).',
  },
};

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Seller sign-up (docs/product/screens.md /register_seller?type=company|individual, docs/product/orders-and-checkout.md#checkout-flow, docs/product/messages.md): the account, then the
 * identity documents, then the verification e-mail, then the 'Profile Under Review' screen.
 */
export function SellerRegisterPage() {
  const [params] = useSearchParams();
  const { type: typeParam } = useParams();
  const type = sellerTypeOf(params.get('type') ?? typeParam);
  const redirect = safeRedirect(params.get('redirect'), window.location.origin);
  const { user, isPending } = useSession();
  const registration = useRegisterSeller();

  if (user && !registration.isPending) {
    return <Navigate to={isPendingSeller(user) ? '/profile-review-screen' : redirect} replace />;
  }
  if (isPending) return <Loader />;
  // Keyed by type: following the link to the other seller type starts a fresh form.
  return <SellerRegisterForm key={type} type={type} registration={registration} />;
}

function SellerRegisterForm({
  type,
  registration,
}: {
  type: SellerType;
  registration: ReturnType<typeof useRegisterSeller>;
}) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const form = useForm<SellerRegisterValues>({
    resolver: zodResolver(sellerRegisterForm),
    defaultValues: defaults(type),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    control,
    formState: { errors },
  } = form;
  const proof = useWatch({ control, name: 'identifyProof' });
  const values = useWatch({ control }) as SellerRegisterValues;
  // docs/product/messages.md: 'Please fill out all fields' while something required is blank, once the person has tried to
  // submit; it goes away as they fill the gaps, like the field messages do.
  const fillAll = submitted && (missingSellerFields(values).length > 0 || files.length === 0);
  const copy = COPY[type];
  const india = values.country === 'India';

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    setFiles(chosen);
    setFilesError(chosen.length ? documentFilesError(chosen) : null);
  };

  /** On submit: the file checks, and whether anything required is missing. */
  const checkMissing = () => {
    setSubmitted(true);
    const fileProblem = documentFilesError(files);
    setFilesError(fileProblem);
    return missingSellerFields(getValues()).length === 0 && !fileProblem;
  };

  const onSubmit = handleSubmit(
    (values) => {
      if (!checkMissing()) return;
      registration.mutate(
        { values, files },
        {
          onSuccess: () => void navigate('/profile-review-screen', { replace: true }),
          onError: (error) => applyFieldErrors(error, setError, Object.keys(defaults(type))),
        },
      );
    },
    () => {
      checkMissing();
    },
  );

  return (
    <FormContainer wide>
      <PageHead title={`${copy.title} · Haat`} />
      <h1 className="h3 mb-1">{copy.title}</h1>
      <p className="text-body-secondary mb-4">
        We review every new seller; it usually takes {SELLER_REVIEW_TIME}. Just shopping?{' '}
        <Link to="/register?redirect=/">Create a buyer account</Link>.
      </p>
      {fillAll ? (
        <Message variant="danger" className="mb-3">
          {SELLER_MSG.fillAllFields}
        </Message>
      ) : null}
      <ErrorAlert error={registration.error} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <input type="hidden" {...register('type')} />
          <TextField
            label="Shop Name"
            autoComplete="organization"
            maxLength={300}
            {...register('shopName')}
            help={
              values.shopName?.trim()
                ? `Your shop's page: ${shopPath(values.shopName)}. It must not be taken by another shop.`
                : "Shoppers see it on your products and your shop's page; it must not be taken by another shop."
            }
            error={errors.shopName?.message}
          />
          <ContactFields
            phoneHelp={india ? 'Your 10-digit mobile number' : 'Digits only, 5 to 15 of them'}
            phoneMaxLength={india ? 10 : 15}
            phonePrefix={india ? INDIA_DIALLING_CODE : undefined}
            phoneAutoComplete={india ? 'tel-national' : 'tel'}
            addressLabel="Business Address"
          />
          <PlaceFields withCurrency />
          <div className="row">
            <div className="col-12 col-sm-6">
              <TextField
                label={copy.code}
                autoComplete="off"
                maxLength={15}
                {...register('buisnessRegistrationCode')}
                help={copy.codeHelp}
                error={errors.buisnessRegistrationCode?.message}
              />
            </div>
            <div className="col-12 col-sm-6">
              <TextField
                label="Bank Account Number"
                autoComplete="off"
                inputMode="numeric"
                maxLength={18}
                {...register('bank_account')}
                help="Where we pay your sales, up to 18 characters"
                error={errors.bank_account?.message}
              />
            </div>
          </div>
          <fieldset className="border rounded p-3 mb-3">
            <legend className="float-none w-auto px-2 fs-6 mb-0">Identity proof</legend>
            <div className="row">
              <div className="col-12 col-sm-6">
                <SelectField
                  label="Identity Proof Type"
                  {...register('identifyProof')}
                  error={errors.identifyProof?.message}
                >
                  <option value="">Select a type</option>
                  {IDENTITY_PROOF_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className="col-12 col-sm-6">
                <TextField
                  label="Identity Proof Number"
                  autoComplete="off"
                  {...register('identifyProofNumber')}
                  help={isIdentityProofType(proof) ? IDENTITY_PROOF_FORMATS[proof].hint : undefined}
                  error={errors.identifyProofNumber?.message}
                />
              </div>
            </div>
            <TextField
              label="Identity Documents"
              type="file"
              multiple
              accept={KYC_LIMITS.accept}
              onChange={onFiles}
              help={`PDF, JPEG or PNG; up to ${KYC_LIMITS.maxFiles} files of 10 MB each. Only our review team can see them.`}
              error={filesError ?? undefined}
              className="mb-2"
            />
            {files.length > 0 ? (
              <ul className="small mb-0 ps-3" aria-label="Chosen documents">
                {files.map((f, i) => (
                  <li key={`${f.name}-${String(i)}`}>
                    {f.name} <span className="text-body-secondary">({fileSize(f.size)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
          <PasswordFields passwordHelp="At least 8 characters" />
          <SubmitButton pending={registration.isPending} pendingLabel="Registering…" className="mt-2">
            Register
          </SubmitButton>
        </form>
      </FormProvider>
      <hr />
      <p className="mb-0">
        {type === 'company' ? (
          <>
            Selling as a person?{' '}
            <Link to="/register_seller?type=individual&redirect=/">Register as an individual seller</Link>
          </>
        ) : (
          <>
            Selling for a company?{' '}
            <Link to="/register_seller?type=company&redirect=/">Register as a company seller</Link>
          </>
        )}
        . Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </FormContainer>
  );
}

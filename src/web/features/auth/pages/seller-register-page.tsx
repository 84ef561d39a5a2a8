import { ContactFields, PasswordFields } from '#web/components/account-fields.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { IDENTITY_PROOF_TYPES, isIdentityProofType, isPendingSeller, KYC_LIMITS } from '#shared/accounts.ts';
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
import { INDIA_DIALLING_CODE } from '#shared/phone.ts';
import { shopPath } from '#web/lib/format.ts';
import { safeRedirect } from '#web/lib/redirect.ts';
import { useSession } from '#web/lib/session.ts';
import { useRegisterSeller } from '../api/seller-registration.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { documentFilesProblem, proofLabels } from '../lib/document-problem.ts';

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

const copyFor = (t: Translate): Record<SellerType, { title: string; code: string; codeHelp: string }> => ({
  company: {
    title: t('auth.seller.company.title'),
    code: t('auth.seller.company.code'),
    codeHelp: t('auth.seller.company.codeHelp'),
  },
  individual: {
    title: t('auth.seller.individual.title'),
    code: t('auth.seller.individual.code'),
    codeHelp: t('auth.seller.individual.codeHelp'),
  },
});

const fileSize = (bytes: number, t: Translate) =>
  bytes < 1024 * 1024
    ? t('auth.fileSizeKb', { size: Math.max(1, Math.round(bytes / 1024)) })
    : t('auth.fileSizeMb', { size: (bytes / 1024 / 1024).toFixed(1) });

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
  const t = useT();
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
  const copy = copyFor(t)[type];
  const proofs = proofLabels(t);
  const india = values.country === 'India';

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    setFiles(chosen);
    setFilesError(chosen.length ? documentFilesProblem(chosen, t) : null);
  };

  /** On submit: the file checks, and whether anything required is missing. */
  const checkMissing = () => {
    setSubmitted(true);
    const fileProblem = documentFilesProblem(files, t);
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
      <PageHead title={t('auth.seller.pageTitle', { title: copy.title })} />
      <h1 className="h3 mb-1">{copy.title}</h1>
      <p className="text-body-secondary mb-4">
        {t.rich('auth.seller.intro', {
          time: t('auth.reviewTime'),
          link: (chunks) => <Link to="/register?redirect=/">{chunks}</Link>,
        })}
      </p>
      {fillAll ? (
        <Message variant="danger" className="mb-3">
          {t('auth.errors.fillAllFields')}
        </Message>
      ) : null}
      <ErrorAlert error={registration.error} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <input type="hidden" {...register('type')} />
          <TextField
            label={t('auth.shopName')}
            autoComplete="organization"
            maxLength={300}
            {...register('shopName')}
            help={
              values.shopName?.trim()
                ? t('auth.seller.shopNameHelpWithPath', { path: shopPath(values.shopName) })
                : t('auth.seller.shopNameHelp')
            }
            error={errors.shopName?.message}
          />
          <ContactFields
            phoneHelp={india ? t('auth.phoneHelpIndia') : t('auth.phoneHelpAbroad')}
            phoneMaxLength={india ? 10 : 15}
            phonePrefix={india ? INDIA_DIALLING_CODE : undefined}
            phoneAutoComplete={india ? 'tel-national' : 'tel'}
            addressLabel={t('auth.seller.businessAddress')}
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
                label={t('auth.bankAccount')}
                autoComplete="off"
                inputMode="numeric"
                maxLength={18}
                {...register('bank_account')}
                help={t('auth.seller.bankAccountHelp')}
                error={errors.bank_account?.message}
              />
            </div>
          </div>
          <fieldset className="border rounded p-3 mb-3">
            <legend className="float-none w-auto px-2 fs-6 mb-0">{t('auth.seller.identityProof')}</legend>
            <div className="row">
              <div className="col-12 col-sm-6">
                <SelectField
                  label={t('auth.seller.identityProofType')}
                  {...register('identifyProof')}
                  error={errors.identifyProof?.message}
                >
                  <option value="">{t('auth.seller.selectType')}</option>
                  {IDENTITY_PROOF_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {proofs[type].label}
                    </option>
                  ))}
                </SelectField>
              </div>
              <div className="col-12 col-sm-6">
                <TextField
                  label={t('auth.seller.identityProofNumber')}
                  autoComplete="off"
                  {...register('identifyProofNumber')}
                  help={isIdentityProofType(proof) ? proofs[proof].hint : undefined}
                  error={errors.identifyProofNumber?.message}
                />
              </div>
            </div>
            <TextField
              label={t('auth.identityDocuments')}
              type="file"
              multiple
              accept={KYC_LIMITS.accept}
              onChange={onFiles}
              help={t('auth.seller.documentsHelp', { max: KYC_LIMITS.maxFiles })}
              error={filesError ?? undefined}
              className="mb-2"
            />
            {files.length > 0 ? (
              <ul className="small mb-0 ps-3" aria-label={t('auth.seller.chosenDocuments')}>
                {files.map((f, i) => (
                  <li key={`${f.name}-${String(i)}`}>
                    {f.name} <span className="text-body-secondary">({fileSize(f.size, t)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
          <PasswordFields passwordHelp={t('auth.passwordHelp')} />
          <SubmitButton
            pending={registration.isPending}
            pendingLabel={t('auth.seller.registering')}
            className="mt-2"
          >
            {t('auth.register.submit')}
          </SubmitButton>
        </form>
      </FormProvider>
      <hr />
      <p className="mb-0">
        {type === 'company'
          ? t.rich('auth.seller.switchToIndividual', {
              link: (chunks) => <Link to="/register_seller?type=individual&redirect=/">{chunks}</Link>,
            })
          : t.rich('auth.seller.switchToCompany', {
              link: (chunks) => <Link to="/register_seller?type=company&redirect=/">{chunks}</Link>,
            })}
        {t.rich('auth.seller.alreadyHaveAccount', { link: (chunks) => <Link to="/login">{chunks}</Link> })}
      </p>
    </FormContainer>
  );
}

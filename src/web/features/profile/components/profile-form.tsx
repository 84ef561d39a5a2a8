import { ContactFields, PasswordFields } from '#web/components/account-fields.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { isSellerAccount } from '#shared/permissions.ts';
import { needsCurrentPassword, profileFormFor, type ProfileBody, type User } from '#shared/schemas/user.ts';
import { actorOf } from '#web/lib/session.ts';
import { INDIA_DIALLING_CODE, indianMobileDigits, phoneInputValue } from '#shared/phone.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { PlaceFields } from '#web/features/places/index.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

/**
 * Whether the mobile is typed after a fixed +91: always for buyers (10 digits, no country code), and for a
 * seller in India whose number is an Indian one; other sellers type their number as they registered it.
 */
const typedWithPrefix = (user: User) =>
  !isSellerAccount(actorOf(user)) || (user.country === 'India' && indianMobileDigits(user.phone) !== null);

function valuesOf(user: User): ProfileBody {
  const values: ProfileBody = {
    name: user.name,
    // A stored 91-prefixed mobile is typed without the 91 here, beside the fixed +91 (ADR 0134).
    phone: typedWithPrefix(user) ? phoneInputValue(user.phone) : user.phone,
    email: user.email,
    address: user.address,
    country: user.country,
    state: user.state,
    city: user.city,
    password: '',
    confirmPassword: '',
    currentPassword: '',
  };
  // docs/product/messages.md: the bank account is shown only when the user already has one.
  if (user.bank_account) values.bank_account = user.bank_account;
  return values;
}

/**
 * Edit your own details (docs/product/screens.md /profile, docs/product/messages.md): every field but the password is required; a buyer's
 * mobile is exactly 10 digits (sellers keep the 5–15 digits they signed up with); the bank account shows
 * only when one is on file. Password fields left blank keep the current password; a new one must be
 * confirmed. A new e-mail, password or bank account asks for the current password (its field appears
 * once one of them differs from what is on file) and signs out the account's other sessions.
 */
export function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const update = useUpdateProfile();
  const hasBankAccount = !!user.bank_account;
  const seller = isSellerAccount(actorOf(user));
  const form = useForm({
    resolver: zodResolver(profileFormFor(seller, user)),
    defaultValues: valuesOf(user),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;
  const [email, password, bankAccount] = useWatch({
    control: form.control,
    name: ['email', 'password', 'bank_account'],
  });
  const askCurrent = needsCurrentPassword(user, { email, password, bank_account: bankAccount });

  const onSubmit = handleSubmit((values) => {
    const { password, confirmPassword, currentPassword, bank_account, ...rest } = values;
    const body: ProfileBody = { ...rest };
    if (password) Object.assign(body, { password, confirmPassword });
    if (askCurrent && currentPassword) body.currentPassword = currentPassword;
    if (hasBankAccount) body.bank_account = bank_account ?? '';
    update.mutate(body, {
      onSuccess: (saved) => reset(valuesOf(saved)),
      onError: (error) => applyFieldErrors(error, setError, Object.keys(valuesOf(user))),
    });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
        <ErrorAlert error={update.error} />
        {update.isSuccess && !form.formState.isDirty ? (
          <Message variant="success">{t('profile.updated')}</Message>
        ) : null}
        <ContactFields
          phoneHelp={
            !typedWithPrefix(user)
              ? t('profile.phoneHelpAbroad')
              : seller
                ? t('profile.phoneHelpSeller')
                : t('profile.phoneHelpIndia')
          }
          phoneMaxLength={typedWithPrefix(user) ? 10 : 15}
          phonePrefix={typedWithPrefix(user) ? INDIA_DIALLING_CODE : undefined}
          addressLabel={t('profile.address')}
        />
        <PlaceFields />
        {hasBankAccount ? (
          <TextField
            label={t('profile.bankAccount')}
            autoComplete="off"
            maxLength={18}
            {...register('bank_account')}
            error={errors.bank_account?.message}
          />
        ) : null}
        <fieldset className="border rounded p-3 mb-3">
          <legend className="float-none w-auto px-2 fs-6 mb-0">{t('profile.changePassword')}</legend>
          <p className="small text-body-secondary">{t('profile.leaveBlank')}</p>
          <PasswordFields
            passwordLabel={t('profile.newPassword')}
            confirmLabel={t('profile.confirmNewPassword')}
          />
        </fieldset>
        {askCurrent ? (
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            help={t('profile.currentPasswordHelp')}
            {...register('currentPassword')}
            error={errors.currentPassword?.message}
          />
        ) : null}
        <SubmitButton pending={update.isPending} pendingLabel={t('profile.saving')}>
          {t('profile.submit')}
        </SubmitButton>
      </form>
    </FormProvider>
  );
}

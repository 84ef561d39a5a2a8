import { useFormContext } from 'react-hook-form';
import { useT } from '../lib/i18n/i18n.tsx';
import { TextField } from './form-field.tsx';

/**
 * The fields every account form shares (buyer and seller registration, profile), inside a react-hook-form
 * <FormProvider>. Rules come from each form's zod schema; only labels and hints differ between forms.
 */
type ContactValues = { name: string; phone: string; email: string; address: string };
type PasswordValues = { password: string; confirmPassword: string };

export function ContactFields({
  phoneHelp,
  phoneMaxLength,
  phonePrefix,
  phoneAutoComplete = 'tel-national',
  addressLabel,
}: {
  phoneHelp: string;
  phoneMaxLength?: number;
  /** '+91' when the number is typed without the country code (ADR 0134). */
  phonePrefix?: string | undefined;
  phoneAutoComplete?: string;
  addressLabel: string;
}) {
  const t = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<ContactValues>();
  return (
    <>
      <div className="row">
        <div className="col-12 col-sm-6">
          <TextField
            label={t('common.account.name')}
            autoComplete="name"
            {...register('name')}
            error={errors.name?.message}
          />
        </div>
        <div className="col-12 col-sm-6">
          <TextField
            label={t('common.account.mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete={phoneAutoComplete}
            maxLength={phoneMaxLength}
            prefix={phonePrefix}
            {...register('phone')}
            help={phoneHelp}
            error={errors.phone?.message}
          />
        </div>
      </div>
      <TextField
        label={t('common.account.email')}
        type="email"
        autoComplete="email"
        {...register('email')}
        error={errors.email?.message}
      />
      <TextField
        label={addressLabel}
        autoComplete="street-address"
        {...register('address')}
        error={errors.address?.message}
      />
    </>
  );
}

export function PasswordFields({
  passwordLabel,
  confirmLabel,
  passwordHelp,
}: {
  passwordLabel?: string;
  confirmLabel?: string;
  passwordHelp?: string;
}) {
  const t = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<PasswordValues>();
  return (
    <div className="row">
      <div className="col-12 col-sm-6">
        <TextField
          label={passwordLabel ?? t('common.account.password')}
          type="password"
          autoComplete="new-password"
          {...register('password')}
          help={passwordHelp}
          error={errors.password?.message}
        />
      </div>
      <div className="col-12 col-sm-6">
        <TextField
          label={confirmLabel ?? t('common.account.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
      </div>
    </div>
  );
}

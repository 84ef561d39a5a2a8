import { useQueryClient } from '@tanstack/react-query';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { isCityOptional } from '#shared/schemas/user.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { SelectField, TextField } from '#web/components/form-field.tsx';
import { useCities } from '../api/get-cities.ts';
import { useCountries } from '#web/lib/countries.ts';
import { statesQueryOptions, useStates } from '../api/get-states.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** The form values this component reads and writes; the surrounding form may hold more. */
type PlaceValues = { country: string; state: string; city: string; currency: string };

/** Keep a saved value selectable even when the list no longer has it (renamed place, old data). */
function withCurrent(names: string[], current: string): string[] {
  return current && !names.includes(current) ? [current, ...names] : names;
}

/**
 * Country / State / City pickers fed by the places API (docs/product/messages.md): changing the country clears state and
 * city (and sets the currency when the form has one); changing the state clears the city. Hong Kong,
 * Macau and Taiwan auto-pick their single state and make the city optional. Where the data has no states
 * or cities for a place, a text box takes their place so nobody is stuck.
 * Use inside a react-hook-form <FormProvider>.
 */
export function PlaceFields({ withCurrency = false }: { withCurrency?: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<PlaceValues>();
  const country = useWatch({ control, name: 'country' }) ?? '';
  const state = useWatch({ control, name: 'state' }) ?? '';

  const countries = useCountries();
  const countryCode = countries.data?.find((c) => c.name === country)?.isoCode;
  const states = useStates(countryCode);
  const stateCode = states.data?.find((s) => s.name === state)?.isoCode;
  const cities = useCities(countryCode, stateCode);
  const cityOptional = isCityOptional(country);
  const dirty = { shouldDirty: true, shouldValidate: false } as const;

  const onCountryChange = async (name: string) => {
    setValue('state', '', dirty);
    setValue('city', '', dirty);
    const picked = countries.data?.find((c) => c.name === name);
    if (withCurrency && picked) setValue('currency', picked.currency, dirty);
    if (!picked || !isCityOptional(name)) return;
    // Hong Kong, Macau, Taiwan: a single state, picked for the person.
    const list = await queryClient.fetchQuery(statesQueryOptions(picked.isoCode));
    const only = list.length === 1 ? list[0] : undefined;
    if (only && getValues('country') === name)
      setValue('state', only.name, { ...dirty, shouldValidate: true });
  };

  const noStates = !!countryCode && states.isSuccess && states.data.length === 0;
  // A country without states in the data (Aruba, Cayman Islands, …) has no city list either: both are
  // typed, or City would stay a locked, required select that no one can fill.
  const noCities = noStates || (!!stateCode && cities.isSuccess && cities.data.length === 0);

  return (
    <>
      <ErrorAlert error={countries.error ?? states.error ?? cities.error} />
      <div className="row">
        <div className="col-12 col-sm-6">
          <PlaceField
            name="country"
            label={t('places.country')}
            autoComplete="country-name"
            disabled={countries.isPending}
            placeholder={countries.isPending ? t('places.loadingCountries') : t('places.selectCountry')}
            names={countries.data}
            onPick={(name) => void onCountryChange(name)}
          />
        </div>
        {withCurrency ? (
          <div className="col-12 col-sm-6">
            <TextField
              label={t('places.currency')}
              {...register('currency')}
              readOnly
              help={t('places.currencyHelp')}
              error={errors.currency?.message}
            />
          </div>
        ) : null}
        <div className="col-12 col-sm-6">
          <PlaceField
            name="state"
            label={t('places.state')}
            autoComplete="address-level1"
            typed={noStates}
            disabled={!countryCode || states.isPending}
            placeholder={
              !countryCode
                ? t('places.selectCountryFirst')
                : states.isPending
                  ? t('places.loadingStates')
                  : t('places.selectState')
            }
            names={states.data}
            onPick={() => setValue('city', '', dirty)}
          />
        </div>
        <div className="col-12 col-sm-6">
          <PlaceField
            name="city"
            label={cityOptional ? t('places.cityOptional') : t('places.city')}
            autoComplete="address-level2"
            typed={noCities}
            disabled={!stateCode || cities.isPending}
            placeholder={
              !stateCode
                ? cityOptional
                  ? t('places.noCityNeeded')
                  : t('places.selectStateFirst')
                : cities.isPending
                  ? t('places.loadingCities')
                  : cityOptional
                    ? t('places.noCity')
                    : t('places.selectCity')
            }
            names={cities.data}
          />
        </div>
      </div>
    </>
  );
}

/**
 * One of Country / State / City: a select of the places API's names (keeping the saved one), or a text box
 * when the data has none for the place (`typed`).
 */
function PlaceField({
  name,
  label,
  autoComplete,
  typed = false,
  disabled,
  placeholder,
  names,
  onPick,
}: {
  name: 'country' | 'state' | 'city';
  label: string;
  autoComplete: string;
  typed?: boolean;
  disabled: boolean;
  placeholder: string;
  names: { name: string }[] | undefined;
  onPick?: (value: string) => void;
}) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<PlaceValues>();
  if (typed)
    return (
      <TextField
        label={label}
        {...register(name)}
        error={errors[name]?.message}
        autoComplete={autoComplete}
      />
    );
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          label={label}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(e) => {
            field.onChange(e.target.value);
            onPick?.(e.target.value);
          }}
          error={fieldState.error?.message}
          autoComplete={autoComplete}
          disabled={disabled}
        >
          <option value="">{placeholder}</option>
          {withCurrent(names?.map((n) => n.name) ?? [], field.value).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      )}
    />
  );
}

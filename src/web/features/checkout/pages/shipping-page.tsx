import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { billingFromShipping, isSameAsShipping } from '#shared/checkout.ts';
import { MSG } from '#shared/messages.ts';
import {
  billingAddressSchema,
  shippingAddressSchema,
  type BillingAddress,
  type BillingAddressInput,
  type ShippingAddress,
  type ShippingAddressInput,
} from '#shared/schemas/order.ts';
import { businessPurchaseSchema } from '#shared/schemas/gst.ts';
import type { User } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { PlaceFields } from '#web/features/places/index.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import {
  readBillingAddress,
  readBusinessPurchase,
  readShippingAddress,
  saveBillingAddress,
  saveBusinessPurchase,
  saveShippingAddress,
  type BusinessPurchase,
} from '../stores/checkout-store.ts';
import { useSignedInUser } from '#web/lib/session.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** Step 2 (docs/product/screens.md): shipping and billing addresses. Signed-out visitors go to /login?redirect=shipping. */
export function ShippingPage() {
  return <ShippingStep user={useSignedInUser()} />;
}

type ShippingValues = Required<ShippingAddressInput>;
type BillingValues = Required<BillingAddressInput>;

function initialValues(user: User) {
  const savedShipping = readShippingAddress();
  const savedBilling = readBillingAddress();
  // A first checkout starts from the address on the buyer's profile.
  const shipping: ShippingValues = savedShipping ?? {
    address: user.address,
    country: user.country,
    state: user.state,
    city: user.city,
    postalCode: '',
  };
  const billing: BillingValues = savedBilling ?? billingFromShipping(shipping, user.name);
  // docs/product/orders-and-checkout.md#checkout-flow: ticked by default, and when the saved billing address equals the shipping one.
  const business = readBusinessPurchase();
  return {
    shipping,
    billing,
    same: !savedShipping || isSameAsShipping(savedBilling, savedShipping),
    business: business ?? { buyerGstin: '', buyerBusinessName: '' },
    forBusiness: business !== null,
  };
}

function ShippingStep({ user }: { user: User }) {
  const t = useT();
  const navigate = useNavigate();
  const [initial] = useState(() => initialValues(user));
  const [sameAsShipping, setSameAsShipping] = useState(initial.same);
  const shipping = useForm({ resolver: zodResolver(shippingAddressSchema), defaultValues: initial.shipping });
  const billing = useForm({ resolver: zodResolver(billingAddressSchema), defaultValues: initial.billing });
  const [forBusiness, setForBusiness] = useState(initial.forBusiness);
  const business = useForm({
    resolver: zodResolver(businessPurchaseSchema),
    defaultValues: initial.business,
  });
  const [pending, setPending] = useState(false);

  // docs/product/messages.md: a postal code that does not fit the country is an alert as well as a field message.
  const alerts = [
    shipping.formState.errors.postalCode?.message === MSG.invalidShippingPostal
      ? MSG.invalidShippingPostal
      : null,
    !sameAsShipping && billing.formState.errors.postalCode?.message === MSG.invalidBillingPostal
      ? MSG.invalidBillingPostal
      : null,
  ].filter((a) => a !== null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    try {
      // handleSubmit (not a bare trigger) marks each form submitted, so fixed fields re-validate as typed.
      const valid: { shipping?: ShippingAddress; billing?: BillingAddress; business?: BusinessPurchase } = {};
      await shipping.handleSubmit((values) => {
        valid.shipping = values;
      })();
      if (!sameAsShipping) {
        await billing.handleSubmit((values) => {
          valid.billing = values;
        })();
      }
      if (forBusiness) {
        await business.handleSubmit((values) => {
          valid.business = values;
        })();
      }
      const shippingAddress = valid.shipping;
      const billingAddress = valid.billing;
      if (!shippingAddress || (!sameAsShipping && !billingAddress) || (forBusiness && !valid.business)) {
        window.scrollTo({ top: 0 });
        return;
      }
      saveShippingAddress(shippingAddress);
      // Ticked: billing mirrors shipping, billed to the buyer's own name (docs/product/orders-and-checkout.md#checkout-flow).
      saveBillingAddress(billingAddress ?? billingFromShipping(shippingAddress, user.name));
      // An empty GSTIN leaves it a consumer purchase.
      saveBusinessPurchase(valid.business?.buyerGstin ? valid.business : null);
      await navigate('/payment');
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <PageHead title={t('checkout.shipping.pageTitle')} />
      <CheckoutSteps current={2} />
      <FormContainer wide>
        <h1 className="h3 mb-4">{t('checkout.shipping.title')}</h1>
        {alerts.map((text) => (
          <Message key={text} variant="danger">
            {text}
          </Message>
        ))}
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormProvider {...shipping}>
            <AddressFields legend={t('checkout.shipping.shippingAddress')} />
          </FormProvider>

          <Form.Check
            type="checkbox"
            id="billing-same"
            className="mb-3"
            label={t('checkout.shipping.billingSame')}
            checked={sameAsShipping}
            onChange={(e) => setSameAsShipping(e.target.checked)}
            // Only while the billing fields are there: an aria-controls naming no element is invalid.
            aria-controls={sameAsShipping ? undefined : 'billing-address'}
          />

          {sameAsShipping ? (
            <p className="small text-body-secondary mb-4">
              {t.rich('checkout.shipping.billTo', {
                b: (chunks) => <strong>{chunks}</strong>,
                name: user.name,
              })}
            </p>
          ) : (
            <FormProvider {...billing}>
              <AddressFields legend={t('checkout.shipping.billingAddress')} withName id="billing-address" />
            </FormProvider>
          )}

          <Form.Check
            type="checkbox"
            id="for-business"
            className="mb-2"
            label={t('checkout.shipping.forBusiness')}
            checked={forBusiness}
            onChange={(e) => setForBusiness(e.target.checked)}
            aria-controls={forBusiness ? 'business-details' : undefined}
          />
          {forBusiness ? (
            <FormProvider {...business}>
              <BusinessFields />
            </FormProvider>
          ) : (
            <div className="mb-4" />
          )}

          <div className="haat-checkout-bar d-grid d-sm-block">
            <SubmitButton pending={pending} pendingLabel={t('checkout.shipping.saving')}>
              {t('checkout.continue')}
            </SubmitButton>
          </div>
        </form>
      </FormContainer>
    </>
  );
}

/**
 * Address, country / state / city and postal code as a labelled group, inside the shipping or the billing
 * form's <FormProvider> (both share these field names; billing adds `name`).
 */
function AddressFields({
  legend,
  withName = false,
  id,
}: {
  legend: string;
  withName?: boolean;
  id?: string;
}) {
  const t = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<BillingValues>();
  return (
    <fieldset className="border rounded p-3 mb-3" id={id}>
      <legend className="float-none w-auto px-2 fs-6 mb-0 fw-semibold">{legend}</legend>
      {withName ? (
        <TextField
          label={t('checkout.shipping.name')}
          autoComplete="billing name"
          {...register('name')}
          error={errors.name?.message}
        />
      ) : null}
      <TextField
        label={t('checkout.shipping.address')}
        autoComplete={withName ? 'billing street-address' : 'shipping street-address'}
        {...register('address')}
        error={errors.address?.message}
      />
      <PlaceFields />
      <TextField
        label={t('checkout.shipping.postalCode')}
        autoComplete={withName ? 'billing postal-code' : 'shipping postal-code'}
        {...register('postalCode')}
        error={errors.postalCode?.message}
        className="mb-1"
      />
    </fieldset>
  );
}

/**
 * The business details of a B2B purchase (issue 15): the buyer's GSTIN, checked in the browser by format
 * and check character like the server does, and the business name the seller's tax invoice is made out to.
 */
function BusinessFields() {
  const t = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<BusinessPurchase>();
  return (
    <fieldset className="border rounded p-3 mb-4" id="business-details">
      <legend className="float-none w-auto px-2 fs-6 mb-0 fw-semibold">
        {t('checkout.shipping.businessDetails')}
      </legend>
      <TextField
        label={t('checkout.shipping.gstin')}
        autoComplete="off"
        spellCheck={false}
        help={t('checkout.shipping.gstinHelp')}
        {...register('buyerGstin')}
        error={errors.buyerGstin?.message}
      />
      <TextField
        label={t('checkout.shipping.businessName')}
        autoComplete="organization"
        {...register('buyerBusinessName')}
        error={errors.buyerBusinessName?.message}
        className="mb-1"
      />
    </fieldset>
  );
}

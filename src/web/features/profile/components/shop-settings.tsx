import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isSeller } from '#shared/permissions.ts';
import { MAX_IMAGE_BYTES } from '#shared/schemas/product-form.ts';
import { shopNameSchema, type ProfileBody, type User } from '#shared/schemas/user.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { actorOf } from '#web/lib/session.ts';
import { uploadShopImage, type ShopImageKind } from '#web/features/seller-products/index.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

const shopForm = z.object({ shopName: shopNameSchema });
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** One image of the shop: what is saved (a path or null), or a file chosen to replace it. */
type ImageChoice = { saved: string | null; file: File | null; preview: string | null };

function ImageField({
  kind,
  label,
  choice,
  onChange,
}: {
  kind: ShopImageKind;
  label: string;
  choice: ImageChoice;
  onChange: (next: ImageChoice) => void;
}) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const id = `shop-${kind}`;
  const shown = choice.preview ?? choice.saved;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // docs/product/messages.md: images only. The server checks the content again.
    if (!ACCEPTED.includes(file.type)) return setProblem(t('profile.shop.imageType'));
    if (file.size > MAX_IMAGE_BYTES) return setProblem(t('profile.shop.imageTooLarge'));
    setProblem(null);
    if (choice.preview) URL.revokeObjectURL(choice.preview);
    onChange({ ...choice, file, preview: URL.createObjectURL(file) });
  };

  const remove = () => {
    if (choice.preview) URL.revokeObjectURL(choice.preview);
    onChange({ saved: null, file: null, preview: null });
  };

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {shown ? (
        <div className="d-flex align-items-center gap-2 mb-2">
          <img
            src={shown}
            alt={kind === 'picture' ? t('profile.shop.pictureAlt') : t('profile.shop.bannerAlt')}
            className={`border bg-white object-fit-cover ${kind === 'picture' ? 'rounded-circle' : 'rounded'}`}
            width={kind === 'picture' ? 72 : 216}
            height={72}
          />
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={remove}>
            {kind === 'picture'
              ? t.rich('profile.shop.removePicture', { hidden })
              : t.rich('profile.shop.removeBanner', { hidden })}
          </button>
        </div>
      ) : null}
      <input
        id={id}
        type="file"
        accept={ACCEPTED.join(',')}
        className={`form-control ${problem ? 'is-invalid' : ''}`}
        onChange={pick}
        aria-describedby={`${id}-help`}
        aria-invalid={problem ? true : undefined}
      />
      <div id={`${id}-help`} className="form-text">
        {kind === 'picture' ? t('profile.shop.pictureHelp') : t('profile.shop.bannerHelp')}
      </div>
      {problem ? <div className="invalid-feedback d-block">{problem}</div> : null}
    </div>
  );
}

/** The profile fields PUT /api/users/profile requires, as they are now: only the shop changes here. */
function profileOf(user: User): ProfileBody {
  return {
    name: user.name,
    phone: user.phone,
    email: user.email,
    address: user.address,
    country: user.country,
    state: user.state,
    city: user.city,
  };
}

function ShopSettingsForm({ user }: { user: User }) {
  const t = useT();
  const update = useUpdateProfile();
  const [picture, setPicture] = useState<ImageChoice>({
    saved: user.shop?.shopPicture ?? null,
    file: null,
    preview: null,
  });
  const [banner, setBanner] = useState<ImageChoice>({
    saved: user.shop?.shopBanner ?? null,
    file: null,
    preview: null,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(shopForm), defaultValues: { shopName: user.shop?.shopName ?? '' } });

  // Forget the previews' object URLs when leaving the page.
  const previews = useRef({ picture, banner });
  previews.current = { picture, banner };
  useEffect(
    () => () => {
      for (const c of Object.values(previews.current)) if (c.preview) URL.revokeObjectURL(c.preview);
    },
    [],
  );

  /** Upload what was chosen (docs/product/api.md: the profile update carries the uploaded paths), then save. */
  const save = useMutation({
    mutationFn: async ({ shopName }: { shopName: string }) => {
      const [shopPicture, shopBanner] = await Promise.all([
        picture.file ? uploadShopImage('picture', picture.file) : Promise.resolve(picture.saved),
        banner.file ? uploadShopImage('banner', banner.file) : Promise.resolve(banner.saved),
      ]);
      const saved = await update.mutateAsync({ ...profileOf(user), shopName, shopPicture, shopBanner });
      return { saved, shopPicture, shopBanner };
    },
    onSuccess: ({ shopPicture, shopBanner }) => {
      setPicture({ saved: shopPicture, file: null, preview: null });
      setBanner({ saved: shopBanner, file: null, preview: null });
    },
    onError: (error) => applyFieldErrors(error, setError, ['shopName']),
  });

  return (
    <form
      onSubmit={handleSubmit((values) => save.mutate(values))}
      noValidate
      aria-labelledby="shop-settings-heading"
    >
      <ErrorAlert error={save.error} />
      {save.isSuccess ? <Message variant="success">{t('profile.shop.saved')}</Message> : null}
      <TextField
        label={t('profile.shop.shopName')}
        {...register('shopName')}
        help={t('profile.shop.shopNameHelp')}
        error={errors.shopName?.message}
      />
      <ImageField kind="picture" label={t('profile.shop.picture')} choice={picture} onChange={setPicture} />
      <ImageField kind="banner" label={t('profile.shop.banner')} choice={banner} onChange={setBanner} />
      <SubmitButton pending={save.isPending} pendingLabel={t('profile.saving')}>
        {t('profile.shop.submit')}
      </SubmitButton>
    </form>
  );
}

/** Shop Settings on /profile, for sellers only (docs/product/screens.md, docs/product/messages.md): shop name, picture and banner. */
export function ShopSettings({ user }: { user: User }) {
  const t = useT();
  if (!isSeller(actorOf(user))) return null;
  return (
    <div className="card shadow-sm border-0 haat-form-card mt-4">
      <div className="card-body p-3 p-sm-4">
        <h2 id="shop-settings-heading" className="h4 mb-3">
          {t('profile.shop.heading')}
        </h2>
        <ShopSettingsForm user={user} />
      </div>
    </div>
  );
}

import { useRef, useState, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { variantUrl } from '#shared/images.ts';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, type ProductFormValues } from '#shared/schemas/product-form.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/**
 * Product images with previews and removal (docs/product/screens.md). Chosen files stay in the browser (`blob:` previews
 * in the form's `image` list, files in `files`) until the product is saved; stored images show their
 * thumbnail. The server checks every file again by its content (docs/product/catalog.md).
 */
export function ImagePicker({ files, locked }: { files: Map<string, File>; locked: boolean }) {
  const t = useT();
  const { control, setValue, formState } = useFormContext<ProductFormValues>();
  const image = useWatch({ control, name: 'image' }) ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const error = formState.errors.image?.message;

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = MAX_PRODUCT_IMAGES - image.length;
    const refused: string[] = [];
    const added: string[] = [];
    for (const file of chosen) {
      if (!ACCEPTED.includes(file.type))
        refused.push(t('sellerProducts.images.notImage', { file: file.name }));
      else if (file.size > MAX_IMAGE_BYTES)
        refused.push(t('sellerProducts.images.tooLarge', { file: file.name }));
      else if (added.length >= room)
        refused.push(t('sellerProducts.images.tooMany', { max: MAX_PRODUCT_IMAGES }));
      else {
        const url = URL.createObjectURL(file);
        files.set(url, file);
        added.push(url);
      }
    }
    setProblem(refused.length ? [...new Set(refused)].join(' ') : null);
    if (added.length)
      setValue('image', [...image, ...added], { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const remove = (url: string) => {
    if (files.delete(url)) URL.revokeObjectURL(url);
    setValue(
      'image',
      image.filter((u) => u !== url),
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    );
    input.current?.focus();
  };

  return (
    <fieldset className="mb-3" aria-describedby={error ? 'image-error' : undefined}>
      <legend className="fs-6 fw-semibold mb-1">{t('sellerProducts.images.legend')}</legend>
      {image.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
          {image.map((url, i) => (
            <li key={url} className="position-relative">
              <img
                src={url.startsWith('blob:') ? url : variantUrl(url, 'thumbnail')}
                alt={t('sellerProducts.images.alt', { n: i + 1 })}
                width={96}
                height={96}
                className="rounded border object-fit-cover bg-white"
              />
              {!locked ? (
                <button
                  type="button"
                  className="btn btn-sm btn-light border position-absolute top-0 end-0 m-1 py-0 px-1 lh-1"
                  onClick={() => remove(url)}
                  aria-label={t('sellerProducts.images.removeN', { n: i + 1 })}
                  title={t('sellerProducts.images.remove')}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {!locked ? (
        <>
          <label htmlFor="product-images" className="form-label small mb-1">
            {t('sellerProducts.images.add')}
          </label>
          <input
            ref={input}
            id="product-images"
            type="file"
            multiple
            accept={ACCEPTED.join(',')}
            className={`form-control ${error ? 'is-invalid' : ''}`}
            onChange={add}
            disabled={image.length >= MAX_PRODUCT_IMAGES}
            aria-describedby="product-images-help"
            aria-invalid={error ? true : undefined}
          />
          <div id="product-images-help" className="form-text">
            {t('sellerProducts.images.help', { max: MAX_PRODUCT_IMAGES })}
          </div>
        </>
      ) : null}
      {problem ? (
        <div className="text-danger small mt-1" role="alert">
          {problem}
        </div>
      ) : null}
      {error ? (
        <div className="invalid-feedback d-block" id="image-error">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

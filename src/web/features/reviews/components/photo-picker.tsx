import { useRef, useState, type ChangeEvent } from 'react';
import { variantUrl } from '#shared/images.ts';
import { MAX_IMAGE_BYTES } from '#shared/schemas/product-form.ts';
import { MAX_REVIEW_IMAGES } from '#shared/reviews.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** A photo chosen in the browser, not sent yet: its `blob:` preview and the file. */
export type PickedPhoto = { preview: string; file: File };

/**
 * Up to 4 photos for a review: the review's stored photos (when editing; removable) and new files with
 * previews. Files are checked here for type and size so people learn at once; the server checks every
 * file again by its content.
 */
export function PhotoPicker({
  kept,
  onKeptChange,
  picked,
  onPickedChange,
}: {
  kept: readonly string[];
  onKeptChange: (urls: string[]) => void;
  picked: readonly PickedPhoto[];
  onPickedChange: (photos: PickedPhoto[]) => void;
}) {
  const t = useT();
  const id = useUniqueId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const count = kept.length + picked.length;

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const refused: string[] = [];
    const added: PickedPhoto[] = [];
    for (const file of chosen) {
      if (!ACCEPTED.includes(file.type)) refused.push(t('reviews.photos.notImage', { file: file.name }));
      else if (file.size > MAX_IMAGE_BYTES) refused.push(t('reviews.photos.tooLarge', { file: file.name }));
      else if (count + added.length >= MAX_REVIEW_IMAGES)
        refused.push(t('reviews.photos.tooMany', { max: String(MAX_REVIEW_IMAGES) }));
      else added.push({ preview: URL.createObjectURL(file), file });
    }
    setProblem(refused.length ? [...new Set(refused)].join(' ') : null);
    if (added.length) onPickedChange([...picked, ...added]);
  };

  const removePicked = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onPickedChange(picked.filter((p) => p !== photo));
    setProblem(null);
    input.current?.focus();
  };
  const removeKept = (url: string) => {
    onKeptChange(kept.filter((u) => u !== url));
    setProblem(null);
    input.current?.focus();
  };

  const shown = [
    ...kept.map((url) => ({ key: url, src: variantUrl(url, 'thumbnail'), remove: () => removeKept(url) })),
    ...picked.map((p) => ({ key: p.preview, src: p.preview, remove: () => removePicked(p) })),
  ];

  return (
    <fieldset className="mb-3">
      <legend className="fs-6 mb-1">{t('reviews.photos.legend')}</legend>
      {shown.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('reviews.photos.chosen')}>
          {shown.map((photo, i) => (
            <li key={photo.key} className="position-relative">
              <img
                src={photo.src}
                alt={t('reviews.photos.photo', { n: String(i + 1) })}
                width={72}
                height={72}
                className="rounded border object-fit-cover bg-white"
              />
              <button
                type="button"
                className="btn btn-sm btn-light border position-absolute top-0 end-0 m-1 py-0 px-1 lh-1"
                onClick={photo.remove}
                aria-label={t('reviews.photos.remove', { n: String(i + 1) })}
                title={t('reviews.photos.removeTitle')}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={id} className="form-label small mb-1">
        {count >= MAX_REVIEW_IMAGES
          ? t('reviews.photos.full', { max: String(MAX_REVIEW_IMAGES) })
          : t('reviews.photos.add')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={ACCEPTED.join(',')}
        className="form-control"
        onChange={add}
        disabled={count >= MAX_REVIEW_IMAGES}
        aria-describedby={`${id}-help`}
      />
      <div id={`${id}-help`} className="form-text">
        {t('reviews.photos.help', { max: String(MAX_REVIEW_IMAGES) })}
      </div>
      {problem ? (
        <div className="text-danger small mt-1" role="alert">
          {problem}
        </div>
      ) : null}
    </fieldset>
  );
}

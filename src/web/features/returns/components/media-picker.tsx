import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { RETURN_MAX_PHOTOS } from '#shared/fulfilment.ts';
import { MAX_RETURN_VIDEO_BYTES } from '#shared/schemas/fulfilment.ts';
import { MAX_IMAGE_BYTES } from '#shared/schemas/product-form.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

/** A file chosen in the browser, not sent yet, with its `blob:` preview. */
export type PickedMedia = { preview: string; file: File; type: 'photo' | 'video' };

/**
 * Up to 4 photos or one short video for a return request, with previews and a remove button each.
 * Checked here for type, size and the photos-or-video rule so people learn at once; the server checks
 * every file again by its content.
 */
export function MediaPicker({
  picked,
  onChange,
}: {
  picked: readonly PickedMedia[];
  onChange: (media: PickedMedia[]) => void;
}) {
  const t = useT();
  const id = useUniqueId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hasVideo = picked.some((m) => m.type === 'video');
  const full = hasVideo || picked.length >= RETURN_MAX_PHOTOS;

  // Previews are blob: URLs: give them back when the picker goes away.
  const latest = useRef(picked);
  latest.current = picked;
  useEffect(
    () => () => {
      for (const m of latest.current) URL.revokeObjectURL(m.preview);
    },
    [],
  );

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const refused: string[] = [];
    const added: PickedMedia[] = [];
    for (const file of chosen) {
      const isPhoto = PHOTO_TYPES.includes(file.type);
      const isVideo = VIDEO_TYPES.includes(file.type);
      const count = picked.length + added.length;
      const videoChosen = hasVideo || added.some((m) => m.type === 'video');
      if (!isPhoto && !isVideo) refused.push(t('returns.media.wrongType', { name: file.name }));
      else if (isPhoto && file.size > MAX_IMAGE_BYTES)
        refused.push(t('returns.media.photoTooLarge', { name: file.name }));
      else if (isVideo && file.size > MAX_RETURN_VIDEO_BYTES)
        refused.push(t('returns.media.videoTooLarge', { name: file.name }));
      else if (videoChosen || (isVideo && count > 0)) refused.push(t('returns.media.notBoth'));
      else if (count >= RETURN_MAX_PHOTOS) refused.push(t('returns.media.atMost'));
      else added.push({ preview: URL.createObjectURL(file), file, type: isVideo ? 'video' : 'photo' });
    }
    setProblem(refused.length ? [...new Set(refused)].join(' ') : null);
    if (added.length) onChange([...picked, ...added]);
  };

  const remove = (m: PickedMedia) => {
    URL.revokeObjectURL(m.preview);
    onChange(picked.filter((p) => p !== m));
    setProblem(null);
    input.current?.focus();
  };

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('returns.media.label')}
      </label>
      {picked.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('returns.media.chosen')}>
          {picked.map((m, i) => {
            const removeLabel =
              m.type === 'video'
                ? t('returns.media.removeVideo')
                : t('returns.media.removePhoto', { n: i + 1 });
            return (
              <li key={m.preview} className="position-relative">
                {m.type === 'video' ? (
                  <video
                    src={m.preview}
                    width={120}
                    height={72}
                    className="rounded border bg-black"
                    muted
                    playsInline
                    aria-label={t('returns.media.chosenVideo')}
                  />
                ) : (
                  <img
                    src={m.preview}
                    alt={t('returns.media.photo', { n: i + 1 })}
                    width={72}
                    height={72}
                    className="rounded border object-fit-cover bg-white"
                  />
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-light border position-absolute top-0 end-0 m-1 py-0 px-1 lh-1"
                  onClick={() => remove(m)}
                  aria-label={removeLabel}
                  title={t('returns.media.remove')}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={[...PHOTO_TYPES, ...VIDEO_TYPES].join(',')}
        className="form-control"
        onChange={add}
        disabled={full}
        aria-describedby={`${id}-help`}
      />
      <div id={`${id}-help`} className="form-text">
        {full ? t('returns.media.removeOne') : ''}
        {t('returns.media.help', { max: RETURN_MAX_PHOTOS })}
      </div>
      {problem ? (
        <div className="text-danger small mt-1" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

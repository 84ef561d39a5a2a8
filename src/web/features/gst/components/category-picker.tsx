import { useEffect, useState } from 'react';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { SelectField } from '#web/components/form-field.tsx';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useCategoryId, useCategoryLevel, type LevelPath } from '#web/features/seller-products/index.ts';

const EMPTY: LevelPath = ['', '', '', '', ''];

/**
 * Cascading category selects for a GST rate change: a level shows once its parent is chosen and it has
 * names; the chosen category's id is handed up once the path is complete ('' until then).
 */
export function CategoryPicker({
  onChange,
  error,
}: {
  onChange: (categoryId: string) => void;
  error?: string | undefined;
}) {
  const t = useT();
  // Each level's label, and its select's first option.
  const labels = [
    { label: t('gst.category.main'), select: t('gst.category.selectMain') },
    { label: t('gst.category.sub'), select: t('gst.category.selectSub') },
    { label: t('gst.category.level3'), select: t('gst.category.selectLevel3') },
    { label: t('gst.category.level4'), select: t('gst.category.selectLevel4') },
    { label: t('gst.category.level5'), select: t('gst.category.selectLevel5') },
  ];
  const [path, setPath] = useState<LevelPath>(EMPTY);
  const levels = [
    useCategoryLevel(0, path),
    useCategoryLevel(1, path),
    useCategoryLevel(2, path),
    useCategoryLevel(3, path),
    useCategoryLevel(4, path),
  ];
  let complete = path[0] !== '';
  for (let i = 1; i < 5 && complete; i++) {
    const names = levels[i]?.data;
    if (names === undefined) complete = false;
    else if (names.length > 0) {
      if (path[i] === '') complete = false;
    } else break;
  }
  const lookup = useCategoryId(path, complete);
  const found = complete ? (lookup.data?.categoryId ?? '') : '';
  useEffect(() => onChange(found), [found, onChange]);

  return (
    <div>
      {labels.map(({ label, select }, i) => {
        const names = levels[i]?.data ?? [];
        if (i > 0 && (path[i - 1] === '' || (names.length === 0 && path[i] === ''))) return null;
        return (
          <SelectField
            key={i}
            label={label}
            className="mb-2"
            value={path[i]}
            error={i === 0 ? error : undefined}
            onChange={(e) => {
              const next = [...path] as LevelPath;
              next[i] = e.target.value;
              for (let j = i + 1; j < 5; j++) next[j] = '';
              setPath(next);
            }}
          >
            <option value="">
              {levels[i]?.isFetching && names.length === 0 ? t('gst.category.loading') : select}
            </option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        );
      })}
      <ErrorAlert error={levels.find((q) => q.error)?.error ?? lookup.error} />
    </div>
  );
}

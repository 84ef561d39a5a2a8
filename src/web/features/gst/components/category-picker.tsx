import { useEffect, useState } from 'react';
import { SelectField } from '#web/components/form-field.tsx';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useCategoryId, useCategoryLevel, type LevelPath } from '#web/features/seller-products/index.ts';

const LABELS = ['Main category', 'Subcategory', 'Level 3 category', 'Level 4 category', 'Level 5 category'];
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
      {LABELS.map((label, i) => {
        const names = levels[i]?.data ?? [];
        if (i > 0 && (path[i - 1] === '' || (names.length === 0 && path[i] === ''))) return null;
        return (
          <SelectField
            key={label}
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
              {levels[i]?.isFetching && names.length === 0 ? 'Loading…' : `Select ${label.toLowerCase()}`}
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

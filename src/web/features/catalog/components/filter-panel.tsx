import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useLocation } from 'react-router';
import { DISCOUNT_STEPS, RATING_STEPS, type ProductSort } from '#shared/list-filters.ts';
import type { FacetValue, Facets } from '#shared/schemas/product.ts';
import { useFormatInr } from '#web/components/price.tsx';
import { useFocusTrap } from '#web/components/use-focus-trap.ts';
import { useDisplayCurrency } from '#web/lib/currency/display-currency.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import {
  activeFilterCount,
  clearFilters,
  discountLabel,
  filterChips,
  inrToDisplayText,
  priceErrorText,
  priceFromInputs,
  ratingLabel,
  facetValueText,
  resultCountText,
  sortOptions,
  toggleValue,
  visibleFacetValues,
  wholeAmountText,
  withPrice,
  type ListFilterKey,
  type ListFilters,
} from '../lib/filter-params.ts';
import './filter-panel.css';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * The storefront lists' filters (search, category and shop pages): a sidebar from 768 px up, where every
 * tick applies at once, and on phones a "Filters" button opening a sheet that applies on "Apply". Both are
 * built from the list's facets; values no product has are left out unless selected. Prices are typed in
 * the display currency and sent in INR (lib/filter-params.ts).
 */

type Apply = (next: ListFilters) => void;

/** Show this many values of a long facet before "Show all". */
const FACET_PREVIEW = 8;

function CheckboxFacet({
  legend,
  name,
  values,
  selected,
  onToggle,
  buttons = false,
  approximate = false,
}: {
  legend: string;
  name: ListFilterKey;
  values: readonly FacetValue[];
  selected: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  /** Counts from the first matches only (ADR 0138): values shown without them. */
  approximate?: boolean | undefined;
  /** Short values (sizes) as a wrap of toggle buttons rather than a column of ticks. */
  buttons?: boolean;
}) {
  const t = useT();
  const id = useUniqueId();
  const [all, setAll] = useState(false);
  const shown = visibleFacetValues(values, selected);
  if (shown.length === 0) return null;
  const long = !buttons && shown.length > FACET_PREVIEW + 2;
  const visible = long && !all ? shown.slice(0, FACET_PREVIEW) : shown;
  return (
    <fieldset className="haat-facet">
      <legend className="haat-facet-legend">{legend}</legend>
      <div className={buttons ? 'd-flex flex-wrap gap-2' : undefined}>
        {visible.map((v, i) => {
          const inputId = `${id}-${String(i)}`;
          const checked = selected.includes(v.value);
          const label = facetValueText(v.label ?? v.value, v.count, approximate);
          return buttons ? (
            <span key={v.value}>
              <input
                type="checkbox"
                className="btn-check"
                id={inputId}
                name={name}
                value={v.value}
                checked={checked}
                onChange={(e) => onToggle(v.value, e.currentTarget.checked)}
              />
              <label className="btn btn-sm btn-outline-primary haat-size-option" htmlFor={inputId}>
                {label}
              </label>
            </span>
          ) : (
            <div key={v.value} className="form-check">
              <input
                type="checkbox"
                className="form-check-input"
                id={inputId}
                name={name}
                value={v.value}
                checked={checked}
                onChange={(e) => onToggle(v.value, e.currentTarget.checked)}
              />
              <label className="form-check-label text-break" htmlFor={inputId}>
                {label}
              </label>
            </div>
          );
        })}
      </div>
      {long ? (
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all
            ? t('catalog.filters.showFewer')
            : t('catalog.filters.showAll', { count: String(shown.length) })}
        </button>
      ) : null}
    </fieldset>
  );
}

/** "4★ & up" … or "10% off & up" …: one choice, with "Any" to drop it. */
function StepFacet({
  legend,
  name,
  steps,
  facet,
  selected,
  label,
  onChange,
  approximate = false,
}: {
  legend: string;
  name: string;
  steps: readonly number[];
  facet: readonly FacetValue[] | undefined;
  selected: number | undefined;
  label: (n: number) => string;
  onChange: (n: number | undefined) => void;
  /** Counts from the first matches only (ADR 0138): steps shown without them. */
  approximate?: boolean | undefined;
}) {
  const t = useT();
  const id = useUniqueId();
  const counts = new Map(facet?.map((v) => [Number(v.value), v.count]));
  const shown = steps.filter((n) => !facet || (counts.get(n) ?? 0) > 0 || n === selected);
  if (shown.length === 0) return null;
  const option = (key: string, text: string, value: number | undefined) => (
    <div key={key} className="form-check">
      <input
        type="radio"
        className="form-check-input"
        id={`${id}-${key}`}
        name={`${id}-${name}`}
        checked={selected === value}
        onChange={() => onChange(value)}
      />
      <label className="form-check-label" htmlFor={`${id}-${key}`}>
        {text}
      </label>
    </div>
  );
  return (
    <fieldset className="haat-facet">
      <legend className="haat-facet-legend">{legend}</legend>
      {option('any', t('catalog.filters.any'), undefined)}
      {shown.map((n) =>
        option(String(n), facetValueText(label(n), facet ? counts.get(n) : undefined, approximate), n),
      )}
    </fieldset>
  );
}

export type PriceText = { min: string; max: string };

/** The price range typed in the display currency; the facet's lowest and highest as placeholders. */
function PriceFields({
  value,
  onChange,
  facets,
  error,
  action,
}: {
  value: PriceText;
  onChange: (next: PriceText) => void;
  facets: Facets | undefined;
  error: string | null;
  action?: ReactNode;
}) {
  const t = useT();
  const id = useUniqueId();
  const { currency, rateFromInr } = useDisplayCurrency();
  const low = wholeAmountText(inrToDisplayText(facets?.price.min, currency, rateFromInr), 'down');
  const high = wholeAmountText(inrToDisplayText(facets?.price.max, currency, rateFromInr), 'up');
  const errorId = `${id}-error`;
  const field = (key: 'min' | 'max', label: string, placeholder: string) => (
    <div className="col">
      <label className="form-label small mb-1" htmlFor={`${id}-${key}`}>
        {label} ({currency.code})
      </label>
      <input
        id={`${id}-${key}`}
        className={`form-control form-control-sm ${error ? 'is-invalid' : ''}`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value[key]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
      />
    </div>
  );
  return (
    <fieldset className="haat-facet">
      <legend className="haat-facet-legend">{t('catalog.filters.price')}</legend>
      <div className="row g-2 align-items-end">
        {field('min', t('catalog.filters.min'), low)}
        {field('max', t('catalog.filters.max'), high)}
        {action ? <div className="col-auto">{action}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="invalid-feedback d-block mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The filter fieldsets other than price, controlled: `onChange` gets the whole next set. */
function FacetFields({
  value,
  onChange,
  facets,
}: {
  value: ListFilters;
  onChange: Apply;
  facets: Facets | undefined;
}) {
  const t = useT();
  const id = useUniqueId();
  const toggle = (key: ListFilterKey) => (v: string, on: boolean) => onChange(toggleValue(value, key, v, on));
  const inStockId = `${id}-in-stock`;
  const approximate = facets?.countsApproximate;
  return (
    <>
      <CheckboxFacet
        legend={t('catalog.filters.size')}
        name="size"
        values={facets?.sizes ?? []}
        selected={value.size}
        onToggle={toggle('size')}
        approximate={approximate}
        buttons
      />
      <CheckboxFacet
        legend={t('catalog.filters.colour')}
        name="colour"
        values={facets?.colours ?? []}
        selected={value.colour}
        onToggle={toggle('colour')}
        approximate={approximate}
      />
      <CheckboxFacet
        legend={t('catalog.filters.brand')}
        name="brand"
        values={facets?.brands ?? []}
        selected={value.brand}
        onToggle={toggle('brand')}
        approximate={approximate}
      />
      <CheckboxFacet
        legend={t('catalog.filters.seller')}
        name="seller"
        values={facets?.sellers ?? []}
        selected={value.seller}
        onToggle={toggle('seller')}
        approximate={approximate}
      />
      <StepFacet
        legend={t('catalog.filters.rating')}
        name="rating"
        steps={RATING_STEPS}
        facet={facets?.ratings}
        selected={value.rating}
        label={(n) => ratingLabel(n, t)}
        onChange={(rating) => onChange({ ...value, rating })}
        approximate={approximate}
      />
      <StepFacet
        legend={t('catalog.filters.discount')}
        name="discount"
        steps={DISCOUNT_STEPS}
        facet={facets?.discounts}
        selected={value.discount}
        label={(n) => discountLabel(n, t)}
        onChange={(discount) => onChange({ ...value, discount })}
        approximate={approximate}
      />
      <fieldset className="haat-facet">
        <legend className="haat-facet-legend">{t('catalog.filters.availability')}</legend>
        <div className="form-check">
          <input
            type="checkbox"
            className="form-check-input"
            id={inStockId}
            checked={value.inStock}
            onChange={(e) => onChange({ ...value, inStock: e.currentTarget.checked })}
          />
          <label className="form-check-label" htmlFor={inStockId}>
            {facetValueText(t('catalog.filters.inStockOnly'), facets?.inStock, approximate)}
          </label>
        </div>
      </fieldset>
    </>
  );
}

function usePriceText(filters: ListFilters): PriceText {
  const { currency, rateFromInr } = useDisplayCurrency();
  return {
    min: inrToDisplayText(filters.minPrice, currency, rateFromInr),
    max: inrToDisplayText(filters.maxPrice, currency, rateFromInr),
  };
}

/** The price form of the sidebar: its own Apply, since typing should not reload the list per key. */
function SidebarPrice({
  filters,
  facets,
  onApply,
}: {
  filters: ListFilters;
  facets?: Facets;
  onApply: Apply;
}) {
  const t = useT();
  const { currency, rateFromInr } = useDisplayCurrency();
  const initial = usePriceText(filters);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const price = priceFromInputs(text.min, text.max, currency, rateFromInr, filters);
    if (!price.ok) {
      setError(priceErrorText(price.error, t));
      return;
    }
    setError(null);
    const { ok: _ok, ...range } = price;
    onApply(withPrice(filters, range));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('catalog.filters.priceRange')}>
      <PriceFields
        value={text}
        onChange={(next) => {
          setText(next);
          setError(null);
        }}
        facets={facets}
        error={error}
        action={
          <button type="submit" className="btn btn-sm btn-outline-primary">
            {t('catalog.filters.go')}
          </button>
        }
      />
    </form>
  );
}

/** The desktop sidebar: every change applies at once (a new history entry each). */
export function FilterSidebar({
  filters,
  facets,
  onApply,
  before,
}: {
  filters: ListFilters;
  facets: Facets | undefined;
  onApply: Apply;
  /** Shown first: the category links. */
  before?: ReactNode;
}) {
  const t = useT();
  const { currency, rateFromInr } = useDisplayCurrency();
  const headingId = useUniqueId();
  // A tick shows at once, before the new URL has rendered; the URL's filters win as soon as they change.
  const [shown, setShown] = useState(filters);
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setShown(filters);
  }
  const change = (next: ListFilters) => {
    setShown(next);
    onApply(next);
  };
  // The price inputs start again from the URL whenever the applied range (or the currency) changes.
  const priceKey = `${String(filters.minPrice)}-${String(filters.maxPrice)}-${currency.code}-${rateFromInr}`;
  return (
    <section aria-labelledby={headingId} className="haat-filter-sidebar">
      <h2 id={headingId} className="h5 mb-3">
        {t('catalog.filters.heading')}
      </h2>
      {before}
      <SidebarPrice key={priceKey} filters={filters} facets={facets} onApply={onApply} />
      <FacetFields value={shown} onChange={change} facets={facets} />
    </section>
  );
}

/** The phone's "Filters" button and sheet: changes are a draft until Apply. */
export function FilterSheet({
  filters,
  facets,
  onApply,
  before,
}: {
  filters: ListFilters;
  facets: Facets | undefined;
  onApply: Apply;
  before?: ReactNode;
}) {
  const t = useT();
  // Open for one location: any navigation (Apply, a category link, Back) closes the sheet.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const show = openAt === location.key;
  const setShow = (open: boolean) => setOpenAt(open ? location.key : null);
  const count = activeFilterCount(filters);
  const titleId = useUniqueId();
  const opener = useRef<HTMLButtonElement>(null);
  // react-bootstrap pulls focus back from the page, but Tab past the sheet's last control leaves the page.
  useFocusTrap(show, '.haat-filter-sheet.show');
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-outline-primary d-md-none"
        aria-haspopup="dialog"
        aria-expanded={show}
        onClick={() => setShow(true)}
      >
        {t('catalog.filters.heading')}
        {count > 0 ? (
          <span className="badge text-bg-primary ms-2">
            {count}
            <span className="visually-hidden"> {t('catalog.filters.active')}</span>
          </span>
        ) : null}
      </button>
      <Offcanvas
        show={show}
        onHide={() => setShow(false)}
        // Focus goes back to the button that opened the sheet, as for any dialog, also when a re-render
        // while it slid out left it on the page itself.
        onExited={() => opener.current?.focus()}
        placement="start"
        aria-labelledby={titleId}
        className="haat-filter-sheet"
      >
        {show ? (
          <SheetForm
            filters={filters}
            facets={facets}
            titleId={titleId}
            before={before}
            onDone={(next) => {
              setShow(false);
              if (next) onApply(next);
            }}
          />
        ) : null}
      </Offcanvas>
    </>
  );
}

function SheetForm({
  filters,
  facets,
  titleId,
  before,
  onDone,
}: {
  filters: ListFilters;
  facets: Facets | undefined;
  titleId: string;
  before?: ReactNode;
  onDone: (next?: ListFilters) => void;
}) {
  const t = useT();
  const { currency, rateFromInr } = useDisplayCurrency();
  const [draft, setDraft] = useState(filters);
  const initialPrice = usePriceText(filters);
  const [price, setPrice] = useState(initialPrice);
  const [error, setError] = useState<string | null>(null);
  const formId = useUniqueId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const range = priceFromInputs(price.min, price.max, currency, rateFromInr, filters);
    if (!range.ok) {
      setError(priceErrorText(range.error, t));
      return;
    }
    const { ok: _ok, ...bounds } = range;
    onDone(withPrice(draft, bounds));
  };
  return (
    <>
      <Offcanvas.Header closeButton closeLabel={t('catalog.filters.closeFilters')}>
        <Offcanvas.Title as="h2" id={titleId} className="h5">
          {t('catalog.filters.heading')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <form id={formId} onSubmit={submit} noValidate>
          <PriceFields
            value={price}
            onChange={(next) => {
              setPrice(next);
              setError(null);
            }}
            facets={facets}
            error={error}
          />
          <FacetFields value={draft} onChange={setDraft} facets={facets} />
          {/* Last on a phone: the sheet is opened to narrow the list down, not to leave it. */}
          {before}
        </form>
      </Offcanvas.Body>
      <div className="haat-filter-sheet-actions">
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => onDone(clearFilters(filters))}
        >
          {t('catalog.filters.clearAll')}
        </button>
        <button type="submit" form={formId} className="btn btn-primary flex-grow-1">
          {t('catalog.filters.apply')}
        </button>
      </div>
    </>
  );
}

/** The sort choice; applies on change. */
export function SortSelect({
  value,
  onChange,
}: {
  value: ProductSort | undefined;
  onChange: (sort: ProductSort) => void;
}) {
  const t = useT();
  const id = useUniqueId();
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="form-label mb-0 small text-nowrap">
        {t('catalog.filters.sortBy')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? 'relevance'}
        onChange={(e) => onChange(e.currentTarget.value as ProductSort)}
      >
        {sortOptions(t).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The active filters as removable chips, and "Clear all". */
export function ActiveFilters({
  filters,
  facets,
  onApply,
}: {
  filters: ListFilters;
  facets: Facets | undefined;
  onApply: Apply;
}) {
  const t = useT();
  const formatInr = useFormatInr();
  const sellers = new Map(facets?.sellers.map((s) => [s.value, s.label ?? s.value]));
  const chips = filterChips(filters, formatInr, t, (id) => sellers.get(id));
  if (chips.length === 0) return null;
  return (
    <ul
      className="haat-chips list-unstyled d-flex flex-wrap align-items-center gap-2 mb-3"
      aria-label={t('catalog.filters.activeFilters')}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="btn btn-sm haat-chip"
            aria-label={t('catalog.filters.removeFilter', { label: chip.label })}
            onClick={() => onApply(chip.without)}
          >
            {chip.label}
            <span aria-hidden="true" className="ms-2">
              ×
            </span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="btn btn-sm btn-link" onClick={() => onApply(clearFilters(filters))}>
          {t('catalog.filters.clearAll')}
        </button>
      </li>
    </ul>
  );
}

/**
 * A filterable list's layout: sidebar (≥768 px) beside a toolbar (phone Filters button, result count, sort),
 * the chips and `children` (the grid or a message).
 */
export function FilteredListing({
  filters,
  facets,
  total,
  totalIsLowerBound,
  onApply,
  before,
  children,
}: {
  filters: ListFilters;
  facets: Facets | undefined;
  /** How many products match; undefined while unknown. */
  total: number | undefined;
  /** More match than `total` (ADR 0138): shown as "10,000+ results". */
  totalIsLowerBound?: boolean | undefined;
  onApply: Apply;
  /** Category links, first in the filters. */
  before?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="row g-4">
      <div className="col-md-4 col-lg-3 d-none d-md-block">
        <FilterSidebar filters={filters} facets={facets} onApply={onApply} before={before} />
      </div>
      <div className="col-12 col-md-8 col-lg-9">
        <div className="haat-list-toolbar d-flex flex-wrap align-items-center gap-2 mb-3">
          <FilterSheet filters={filters} facets={facets} onApply={onApply} before={before} />
          <p className="mb-0 me-auto fw-semibold" role="status" aria-live="polite" aria-atomic="true">
            {total === undefined ? '' : resultCountText(total, t, totalIsLowerBound)}
          </p>
          <SortSelect value={filters.sort} onChange={(sort) => onApply({ ...filters, sort })} />
        </div>
        <ActiveFilters filters={filters} facets={facets} onApply={onApply} />
        {children}
      </div>
    </div>
  );
}

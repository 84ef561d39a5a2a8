import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { commissionRuleForm, type CommissionRuleForm } from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton, TextField } from '#web/components/form-field.tsx';
import { CategoryPicker } from '#web/features/gst/index.ts';
import { useAddCommissionRule, useProductSearch, useSellers } from '../api/settlements-admin.ts';
import { formatDay, indiaToday, indiaTomorrow } from '../lib/books.ts';
import { showServerErrors } from '#web/lib/form-errors.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';

const FIELDS = [
  'sellerId',
  'categoryId',
  'productId',
  'kind',
  'percent',
  'fixed',
  'min',
  'max',
  'effectiveFrom',
  'effectiveTo',
  'note',
] as const;

/** The shared rules, and the server's 'from today or later' checked here too so it shows at the date. */
const schemaFor = (t: Translate) =>
  commissionRuleForm.superRefine((v, ctx) => {
    if (v.effectiveFrom < indiaToday())
      ctx.addIssue({
        code: 'custom',
        path: ['effectiveFrom'],
        message: t('settlements.ruleForm.startsToday'),
      });
  });

const blank = (): CommissionRuleForm => ({
  sellerId: '',
  categoryId: '',
  productId: '',
  kind: 'percent',
  percent: '',
  fixed: '',
  min: '',
  max: '',
  effectiveFrom: indiaTomorrow(),
  effectiveTo: '',
  note: '',
});

/** The product choice: a catalogue search by name, then one of its first matches. */
function ProductChoice({ onSearch, children }: { onSearch: (keyword: string) => void; children: ReactNode }) {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <div className="row g-2 align-items-start">
      <div className="col-12 col-md-6">
        <Form.Group controlId="rule-product-search">
          <Form.Label>{t('settlements.ruleForm.findProduct')}</Form.Label>
          <div className="input-group">
            <Form.Control
              type="search"
              value={text}
              placeholder={t('settlements.ruleForm.findProductPlaceholder')}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  onSearch(text.trim());
                }
              }}
            />
            <button type="button" className="btn btn-outline-secondary" onClick={() => onSearch(text.trim())}>
              {t('settlements.ruleForm.search')}
            </button>
          </div>
        </Form.Group>
      </div>
      <div className="col-12 col-md-6">{children}</div>
    </div>
  );
}

/**
 * 'Add a commission rule' (Admin): for a seller, a category, a product, or a seller within a category; a
 * percentage of the price or a fixed amount in rupees per unit, optionally kept between a minimum and a
 * maximum per unit; from tomorrow by default, open-ended unless given a last day. Errors of the shared
 * checks and of the server show under their fields and the first one takes the focus.
 */
export function CommissionRuleFormCard() {
  const t = useT();
  const schema = useMemo(() => schemaFor(t), [t]);
  const add = useAddCommissionRule();
  const sellers = useSellers();
  const [keyword, setKeyword] = useState('');
  const products = useProductSearch(keyword);
  const [pickerKey, setPickerKey] = useState(0);
  const [saved, setSaved] = useState<{ from: string; scope: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<CommissionRuleForm>({ resolver: zodResolver(schema), defaultValues: blank() });
  const kind = watch('kind');
  const onCategory = useCallback(
    (id: string) => setValue('categoryId', id, { shouldValidate: isSubmitted }),
    [setValue, isSubmitted],
  );

  const sellerOptions = [...(sellers.data ?? [])].sort((a, b) =>
    (a.shop?.shopName ?? a.name).localeCompare(b.shop?.shopName ?? b.name),
  );
  const sellerLabel = (id: string) => {
    const s = sellers.data?.find((u) => u._id === id);
    return s ? (s.shop?.shopName ?? s.name) : '';
  };
  const productList = products.data?.products ?? [];

  const onSubmit = handleSubmit((body) => {
    setSaved(null);
    add.mutate(body, {
      onSuccess: (rule) => {
        const scope =
          rule.productName ??
          rule.sellerName ??
          rule.categoryName ??
          (sellerLabel(body.sellerId ?? '') || t('settlements.ruleForm.it'));
        setSaved({ from: body.effectiveFrom, scope });
        reset(blank());
        setKeyword('');
        setPickerKey((k) => k + 1);
      },
      onError: (error) => showServerErrors(error, setError, setFocus, FIELDS),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="rule-form-heading" className="card">
      <div className="card-body">
        <h3 id="rule-form-heading" className="h6">
          {t('settlements.ruleForm.heading')}
        </h3>
        <ErrorAlert error={add.error} />
        {saved ? (
          <Message variant="success">
            {t('settlements.ruleForm.added', {
              scope: saved.scope,
              date: formatDay(saved.from, t.language.intl),
            })}
          </Message>
        ) : null}
        <fieldset className="mb-2">
          <legend className="fs-6 fw-semibold mb-1">{t('settlements.rules.appliesTo')}</legend>
          <p className="form-text mt-0">{t('settlements.ruleForm.appliesToHelp')}</p>
          <SelectField
            label={t('settlements.batch.seller')}
            style={{ maxWidth: '28rem' }}
            {...register('sellerId')}
            error={errors.sellerId?.message}
          >
            <option value="">
              {sellers.isPending
                ? t('settlements.ruleForm.loadingSellers')
                : t('settlements.ruleForm.anySeller')}
            </option>
            {sellerOptions.map((s) => (
              <option key={s._id} value={s._id}>
                {s.shop ? `${s.shop.shopName} (${s.name})` : s.name}
                {s.active ? '' : ` – ${t('settlements.ruleForm.inactive')}`}
              </option>
            ))}
          </SelectField>
          <ErrorAlert error={sellers.error} />
          <div className="mb-3" style={{ maxWidth: '28rem' }}>
            <div className="small fw-semibold mb-1">{t('settlements.ruleForm.categoryOptional')}</div>
            <CategoryPicker key={pickerKey} onChange={onCategory} error={errors.categoryId?.message} />
          </div>
          <ProductChoice
            onSearch={(k) => {
              setKeyword(k);
              setValue('productId', '');
            }}
          >
            <SelectField
              label={t('settlements.ruleForm.productOptional')}
              help={
                keyword && products.data
                  ? t('settlements.ruleForm.matches', {
                      shown: String(productList.length),
                      total: String(products.data.total ?? productList.length),
                      keyword,
                    })
                  : t('settlements.ruleForm.productHelp')
              }
              {...register('productId')}
              error={errors.productId?.message}
            >
              <option value="">
                {products.isFetching
                  ? t('settlements.ruleForm.searching')
                  : t('settlements.ruleForm.anyProduct')}
              </option>
              {productList.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name}
                  {p.shop ? ` – ${p.shop.shopName}` : ''}
                </option>
              ))}
            </SelectField>
          </ProductChoice>
          <ErrorAlert error={products.error} />
        </fieldset>
        <fieldset className="mb-2">
          <legend className="fs-6 fw-semibold mb-1">{t('settlements.rules.commission')}</legend>
          <div className="d-flex flex-wrap gap-3 mb-2">
            <Form.Check
              type="radio"
              id="rule-kind-percent"
              value="percent"
              label={t('settlements.ruleForm.kindPercent')}
              {...register('kind')}
            />
            <Form.Check
              type="radio"
              id="rule-kind-fixed"
              value="fixed"
              label={t('settlements.ruleForm.kindFixed')}
              {...register('kind')}
            />
          </div>
          <div className="row g-2">
            <div className="col-12 col-sm-4">
              {kind === 'fixed' ? (
                <TextField
                  label={t('settlements.ruleForm.perUnit')}
                  inputMode="decimal"
                  placeholder={t('settlements.ruleForm.perUnitPlaceholder')}
                  {...register('fixed')}
                  error={errors.fixed?.message}
                />
              ) : (
                <TextField
                  label={t('settlements.ruleForm.percent')}
                  inputMode="decimal"
                  placeholder={t('settlements.ruleForm.percentPlaceholder')}
                  help={t('settlements.ruleForm.percentHelp')}
                  {...register('percent')}
                  error={errors.percent?.message}
                />
              )}
            </div>
            <div className="col-6 col-sm-4">
              <TextField
                label={t('settlements.ruleForm.min')}
                inputMode="decimal"
                {...register('min')}
                error={errors.min?.message}
              />
            </div>
            <div className="col-6 col-sm-4">
              <TextField
                label={t('settlements.ruleForm.max')}
                inputMode="decimal"
                {...register('max')}
                error={errors.max?.message}
              />
            </div>
          </div>
        </fieldset>
        <div className="row g-2">
          <div className="col-6 col-sm-4">
            <TextField
              label={t('settlements.ruleForm.effectiveFrom')}
              type="date"
              min={indiaToday()}
              {...register('effectiveFrom')}
              error={errors.effectiveFrom?.message}
            />
          </div>
          <div className="col-6 col-sm-4">
            <TextField
              label={t('settlements.ruleForm.effectiveTo')}
              type="date"
              help={t('settlements.ruleForm.effectiveToHelp')}
              {...register('effectiveTo')}
              error={errors.effectiveTo?.message}
            />
          </div>
        </div>
        <TextField
          label={t('settlements.ruleForm.note')}
          maxLength={200}
          placeholder={t('settlements.ruleForm.notePlaceholder')}
          {...register('note')}
          error={errors.note?.message}
        />
        <SubmitButton pending={add.isPending} pendingLabel={t('settlements.ruleForm.adding')}>
          {t('settlements.ruleForm.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

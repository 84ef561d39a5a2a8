import { describe, expect, it } from 'vitest';
import {
  LIST_FILTER_MAX,
  NUMBER_FILTERS,
  readCategoryParam,
  readInStockParam,
  readListParam,
  readNumberParam,
  readSortParam,
} from './list-filters.ts';
import { productFilterQuery, productListQuery } from './schemas/product.ts';

/** What the API's zod schema makes of one raw value: its output, or undefined when it refuses it. */
function viaZod(schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }, raw: unknown) {
  const r = schema.safeParse(raw);
  return r.success ? r.data : undefined;
}

const shape = productFilterQuery.shape;
const long = (n: number) => 'x'.repeat(n);

const NUMBERS = [
  '0',
  '1',
  '5',
  '6',
  '99',
  '100',
  '4.5',
  '-1',
  '1e9',
  '1000000001',
  ' 3 ',
  '0x10',
  '1e3',
  'abc',
  'Infinity',
  '-Infinity',
  'NaN',
  '3.0',
  '.5',
  '+2',
  '2,5',
  '١',
  '',
  ' ',
  '-0',
  '1e-7',
  '0b1',
  '1_000',
  '9'.repeat(400),
];

describe('the zod-free filter readers agree with the API schema (productFilterQuery)', () => {
  it('numbers: every bound, fraction, exponent, blank-padded and non-number value', () => {
    for (const key of Object.keys(NUMBER_FILTERS) as (keyof typeof NUMBER_FILTERS)[]) {
      for (const raw of NUMBERS) {
        expect(readNumberParam(raw, NUMBER_FILTERS[key]), `${key}=${raw}`).toBe(viaZod(shape[key], raw));
      }
    }
  });

  it('lists: commas, repeats, blanks, the most values and the longest value', () => {
    const cases: string[][] = [
      [],
      ['M'],
      ['M,L'],
      ['M', 'L'],
      [' M , ,L ', ''],
      [','],
      [long(100)],
      [long(101)],
      [Array.from({ length: 20 }, (_, i) => `v${i}`).join(',')],
      [Array.from({ length: 21 }, (_, i) => `v${i}`).join(',')],
      Array.from({ length: 50 }, (_, i) => `b${i}`),
      Array.from({ length: 51 }, (_, i) => `b${i}`),
    ];
    for (const key of Object.keys(LIST_FILTER_MAX) as (keyof typeof LIST_FILTER_MAX)[]) {
      for (const values of cases) {
        // The API gets one value as a string and several as an array, as a query string parser gives them.
        const raw = values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
        const expected = viaZod(shape[key], raw);
        expect(readListParam(values, LIST_FILTER_MAX[key]), `${key}=${values.join('&')}`).toEqual(expected);
      }
    }
  });

  it('in stock, sort and the search page category', () => {
    for (const raw of ['1', '0', 'true', 'false', 'yes', '', 'TRUE', ' 1']) {
      const zod = viaZod(shape.inStock, raw);
      // The API reads a refused value as an error; the page reads it as "off".
      expect(readInStockParam(raw), `inStock=${raw}`).toBe(zod);
    }
    for (const raw of ['relevance', 'price_asc', 'price_desc', 'newest', 'rating', 'discount', 'cheap', '']) {
      expect(readSortParam(raw), `sort=${raw}`).toBe(viaZod(shape.sort, raw));
    }
    for (const raw of ['Women', '  Men  ', '', long(200), ` ${long(200)} `, long(201)]) {
      expect(readCategoryParam(raw), `category=${raw.length}`).toBe(
        viaZod(productListQuery.shape.category, raw),
      );
    }
  });
});
